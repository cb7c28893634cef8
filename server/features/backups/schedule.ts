// BACKUP_SCHEDULE: "HH:MM" (every day at that time, the server's local time) or "off";
// a failed scheduled backup is tried again later the
// same day.

export const BACKUP_SCHEDULE_PATTERN = /^(off|([01]\d|2[0-3]):[0-5]\d)$/;
export const DEFAULT_BACKUP_SCHEDULE = "03:00";

export type BackupSchedule = { hour: number; minute: number } | null;

export function parseBackupSchedule(value: string): BackupSchedule {
  if (!BACKUP_SCHEDULE_PATTERN.test(value)) throw new Error(`Invalid backup schedule: ${value}`);
  if (value === "off") return null;
  const [hour, minute] = value.split(":").map(Number);
  return { hour, minute };
}

/** The most recent scheduled time at or before `now` (today's, or yesterday's if today's is still ahead). */
export function latestScheduledTime(schedule: { hour: number; minute: number }, now: Date): Date {
  const at = new Date(now);
  at.setHours(schedule.hour, schedule.minute, 0, 0);
  if (at > now) at.setDate(at.getDate() - 1);
  return at;
}

/** The next scheduled time after `now`. */
export function nextScheduledTime(schedule: { hour: number; minute: number }, now: Date): Date {
  const at = latestScheduledTime(schedule, now);
  at.setDate(at.getDate() + 1);
  return at;
}

/** After a failed scheduled backup, the waits before trying again: three more tries within the day. */
export const BACKUP_RETRY_AFTER_MINUTES = [15, 60, 180] as const;

/** When to try again after `failures` failed tries at this scheduled time, the last begun at `lastStartedAt`; null once they are used up. */
export function nextRetryTime(failures: number, lastStartedAt: Date): Date | null {
  const minutes = BACKUP_RETRY_AFTER_MINUTES[failures - 1];
  return minutes === undefined ? null : new Date(lastStartedAt.getTime() + minutes * 60_000);
}

/** "14:05": the time of day in the server's time, as BACKUP_SCHEDULE is written. */
export const timeOfDay = (at: Date) => `${String(at.getHours()).padStart(2, "0")}:${String(at.getMinutes()).padStart(2, "0")}`;
