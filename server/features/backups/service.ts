// Backups: one file holding a consistent snapshot of the
// database and every uploaded image, taken by `npm run backup`, by the schedule through the job
// queue, or by a running server on the command's request; the status admins see in Settings.
import path from "node:path";
import { BACKUP_FAILED_NOTIFICATION, type BackupStatusDto } from "../../../shared/backups.js";
import type { Db } from "../../db/database.js";
import type { Env } from "../../env.js";
import type { JobHandlers } from "../../jobs/queue.js";
import type { ObjectStorage } from "../../integrations/storage/object-storage.js";
import type { Logger } from "../../logger.js";
import { insertNotices } from "../notifications/service.js";
import { listUsers } from "../users/service.js";
import { signingKey, type BackupKey } from "./backup-key.js";
import { backupCopier, type BackupCopier } from "./backup-target.js";
import { finishRun, insertRun, latestRun, scheduledRunsSince, storedImageKeys, type BackupRun } from "./data.js";
import { latestScheduledTime, nextRetryTime, nextScheduledTime, parseBackupSchedule, timeOfDay, type BackupSchedule } from "./schedule.js";
import { pruneBackups, takeBackup, type BackupResult, type BackupSource } from "./take-backup.js";

export { requestBackup, watchBackupRequests } from "./request-files.js";
export { checkBackupFile, restoreBackup, RestoreRefusedError } from "./restore.js";
export { restoreKeys } from "./backup-key.js";

export interface BackupConfig {
  databaseUrl?: string;
  images: BackupSource["images"];
  /** Where scheduled backups go, and the folder BACKUP_KEEP prunes. */
  dir: string;
  keep: number;
  scheduleText: string;
  schedule: BackupSchedule;
  /** Signs every backup's manifest: BACKUP_KEY, else the session secret. */
  key: BackupKey;
  /** Copies each backup to BACKUP_TARGET once written; null without one. */
  copier: BackupCopier | null;
}

type BackupEnv = Pick<
  Env,
  | "DATA_DIR" | "DATABASE_URL" | "S3_BUCKET" | "BACKUP_DIR" | "BACKUP_KEEP" | "BACKUP_SCHEDULE" | "BACKUP_KEY" | "BACKUP_TARGET"
  | "S3_ENDPOINT" | "S3_REGION" | "S3_ACCESS_KEY_ID" | "S3_SECRET_ACCESS_KEY" | "S3_FORCE_PATH_STYLE"
>;

/**
 * What backups take and where they go. With S3_BUCKET the images are read from `objects` (the
 * bucket's storage), which is then required.
 */
export function backupConfigFrom(env: BackupEnv, sessionSecret: string, objects?: ObjectStorage): BackupConfig {
  if (env.S3_BUCKET && !objects) throw new Error("backups of images in S3_BUCKET need the bucket's storage");
  return {
    key: signingKey(env.BACKUP_KEY, sessionSecret),
    copier: env.BACKUP_TARGET ? backupCopier(env.BACKUP_TARGET, env) : null,
    databaseUrl: env.DATABASE_URL,
    images:
      env.S3_BUCKET && objects
        ? { storage: "s3", bucket: env.S3_BUCKET, objects, keys: () => [] }
        : { storage: "local", dir: path.join(env.DATA_DIR, "objects") },
    dir: env.BACKUP_DIR,
    keep: env.BACKUP_KEEP,
    scheduleText: env.BACKUP_SCHEDULE,
    schedule: parseBackupSchedule(env.BACKUP_SCHEDULE),
  };
}

const describeError = (err: unknown) => String(err instanceof Error ? err.message : err).slice(0, 2_000);

async function notifyAdmins(db: Db, message: string): Promise<void> {
  const admins = (await listUsers(db)).filter((u) => u.isAdmin).map((u) => u.id);
  await insertNotices(db, admins, BACKUP_FAILED_NOTIFICATION, message);
}

/**
 * Takes a backup into `dir` (the configured folder by default), recording it for Settings; the
 * configured folder then keeps only the newest BACKUP_KEEP. A failure is recorded, the admins
 * hear of it in the bell, and it is thrown on.
 */
export async function runBackup(
  db: Db,
  config: BackupConfig,
  opts: { trigger: "scheduled" | "command"; dir?: string; now?: Date; logger?: Logger; retryAt?: Date | null },
): Promise<BackupResult & { copiedTo: string | null }> {
  const now = opts.now ?? new Date();
  const dir = path.resolve(opts.dir ?? config.dir);
  const id = await insertRun(db, { trigger: opts.trigger, startedAt: now });
  try {
    // The images in a bucket: those the database knows as stored, asked before and after the snapshot.
    const images = config.images.storage === "s3" ? { ...config.images, keys: () => storedImageKeys(db) } : config.images;
    const result = await takeBackup({ db, databaseUrl: config.databaseUrl, images, key: config.key }, dir, now);
    if (dir === path.resolve(config.dir)) await pruneBackups(dir, config.keep, now);
    // Recorded before the copy, so a failed copy still names the file it left here.
    if (config.copier) await finishRun(db, id, { file: result.file, bytes: result.bytes });
    const copiedTo = config.copier ? await config.copier.copy(result.file) : null;
    await finishRun(db, id, { finishedAt: new Date(), ok: true, file: result.file, bytes: result.bytes, copiedTo });
    opts.logger?.info({ file: result.file, bytes: result.bytes, copiedTo }, "backup written");
    return { ...result, copiedTo };
  } catch (err) {
    const error = describeError(err);
    opts.logger?.error({ err }, "backup failed");
    await finishRun(db, id, { finishedAt: new Date(), ok: false, error });
    const then =
      opts.trigger !== "scheduled" ? "" : opts.retryAt ? ` It will be tried again at ${timeOfDay(opts.retryAt)}.` : " No more tries today: the next is at the scheduled time.";
    await notifyAdmins(db, `The ${opts.trigger === "scheduled" ? "scheduled " : ""}backup failed: ${error}${then}`);
    throw err;
  }
}

/** How often the queue looks whether a scheduled backup is due: the schedule is kept to within this. */
export const BACKUP_CHECK_EVERY_MS = 5 * 60_000;

/**
 * The schedule as one recurring job: every few minutes
 * one server looks whether a scheduled time has passed with no scheduled backup since, and takes
 * it. A server that was down at that time catches up when it is back; a new workspace waits for
 * its first scheduled time (the job's row is as old as the workspace's first start).
 */
export function backupJobHandlers(config: BackupConfig): JobHandlers {
  return {
    "backups.scheduled": {
      everyMs: BACKUP_CHECK_EVERY_MS,
      async run(_payload: unknown, { db, now, job, logger }) {
        if (!config.schedule) return;
        const due = latestScheduledTime(config.schedule, now);
        if (due < job.createdAt) return;
        const tries = await scheduledRunsSince(db, due);
        if (tries.length > 0) {
          const retryAt = pendingRetry(tries);
          if (!retryAt || now < retryAt) return;
        }
        // Recorded and announced by runBackup, with when the next try is if this one fails.
        const retryAt = nextRetryTime(tries.length + 1, now);
        await runBackup(db, config, { trigger: "scheduled", now, logger, retryAt }).catch(() => {});
      },
    },
  };
}

/** When the next try of this scheduled time is due: null if the last try succeeded, still runs, or was the last one. */
function pendingRetry(tries: BackupRun[]): Date | null {
  const last = tries.at(-1)!;
  if (last.ok !== false) return null;
  return nextRetryTime(tries.length, last.startedAt);
}

export async function backupStatus(db: Db, config: BackupConfig, now = new Date()): Promise<BackupStatusDto> {
  const last = await latestRun(db, { finished: true });
  const tries = config.schedule ? await scheduledRunsSince(db, latestScheduledTime(config.schedule, now)) : [];
  return {
    schedule: config.scheduleText,
    nextAt: config.schedule ? nextScheduledTime(config.schedule, now) : null,
    retryAt: tries.length > 0 ? pendingRetry(tries) : null,
    directory: config.dir,
    keep: config.keep,
    target: config.copier?.where ?? null,
    last: last && {
      copiedTo: last.copiedTo,
      startedAt: last.startedAt,
      finishedAt: last.finishedAt,
      ok: last.ok,
      file: last.file && path.basename(last.file),
      bytes: last.bytes,
      error: last.error,
    },
  };
}
