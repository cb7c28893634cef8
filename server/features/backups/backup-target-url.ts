// BACKUP_TARGET: where backups are copied once written (docs/decisions/343-backups-leave-the-machine.md).
// Read by env.ts, so this module imports nothing of the SDK.

export interface BackupTarget {
  bucket: string;
  /** Prepended to the file's name: "" or a path ending in "/". */
  prefix: string;
}

const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/** What is wrong with a BACKUP_TARGET, or null: s3://<bucket>[/<prefix>]. */
export function backupTargetProblem(value: string): string | null {
  const match = /^s3:\/\/([^/]+)(\/.*)?$/.exec(value);
  if (!match) return "must be an S3 bucket as s3://<bucket>/<optional prefix>, such as s3://acme-backups/listing-desk";
  if (!BUCKET.test(match[1])) return `names a bucket S3 does not allow ("${match[1]}"): 3 to 63 lowercase letters, digits, dots and dashes`;
  if (/[\s?#\\]|\/\//.test(match[2] ?? "")) return "must have a prefix without spaces, ?, #, backslashes or empty parts";
  return null;
}

export function parseBackupTarget(value: string): BackupTarget {
  const [, bucket, rest = ""] = /^s3:\/\/([^/]+)\/?(.*)$/.exec(value)!;
  const prefix = rest.replace(/\/+$/, "");
  return { bucket, prefix: prefix ? `${prefix}/` : "" };
}

export const describeTarget = (target: BackupTarget, name = "") => `s3://${target.bucket}/${target.prefix}${name}`;
