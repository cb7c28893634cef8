// The backup status admins see in Settings.

export interface BackupRunDto {
  startedAt: Date;
  finishedAt: Date | null;
  /** null while it runs. */
  ok: boolean | null;
  /** The file's name (not its folder), when it succeeded. */
  file: string | null;
  bytes: number | null;
  error: string | null;
  /** Where the file was copied (s3://bucket/prefix/name), null when it stayed on the server. */
  copiedTo: string | null;
}

export interface BackupStatusDto {
  /** "HH:MM" server time, or "off". */
  schedule: string;
  /** The next scheduled backup, or null when the schedule is off. */
  nextAt: Date | null;
  /** When a failed scheduled backup is tried again today, or null. */
  retryAt: Date | null;
  directory: string;
  keep: number;
  /** BACKUP_TARGET (s3://bucket/prefix) each backup is copied to, or null. */
  target: string | null;
  last: BackupRunDto | null;
}

/** The bell's notification type for a backup that failed. */
export const BACKUP_FAILED_NOTIFICATION = "backup-failed";
