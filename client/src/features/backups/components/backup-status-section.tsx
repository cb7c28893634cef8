import { CircleCheck, CircleX, DatabaseBackup } from "lucide-react";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/api-client";
import { formatDateTime, isoDate } from "@/lib/format-date";
import { useScrollIntoViewWhenNamed } from "@/lib/use-scroll-into-view-when-named";
import { useUser } from "@/features/auth/api/get-user";
import { useBackupStatus, type BackupStatus } from "../api/get-backup-status";

/** The section's id: a failed backup's notice opens /settings#backups. */
const BACKUPS_ANCHOR = "backups";

const size = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

function LastBackup({ last }: { last: BackupStatus["last"] }) {
  if (!last) return <p className="text-sm text-muted-foreground">No backup has been taken yet.</p>;
  const when = last.finishedAt ?? last.startedAt;
  return (
    <div className="flex items-start gap-2 text-sm" data-testid="last-backup">
      {last.ok ? (
        <CircleCheck aria-hidden className="mt-0.5 size-4 shrink-0 text-emerald-600" />
      ) : (
        <CircleX aria-hidden className="mt-0.5 size-4 shrink-0 text-destructive" />
      )}
      <div className="grid gap-0.5">
        <p>
          {last.ok ? "Last backup succeeded" : "Last backup failed"}{" "}
          <time dateTime={isoDate(when)}>{formatDateTime(when)}</time>
          {last.ok && last.bytes !== null ? ` · ${size(last.bytes)}` : null}
        </p>
        {last.ok ? (
          <p className="break-all text-xs text-muted-foreground" data-testid="last-backup-where">
            {last.copiedTo ? <>Copied to {last.copiedTo}</> : <>Kept on the server: {last.file}</>}
          </p>
        ) : (
          <p className="text-xs text-destructive">{last.error}</p>
        )}
      </div>
    </div>
  );
}

/** Settings' read-only Backups section, for admins. */
export function BackupStatusSection() {
  const { user } = useUser();
  const status = useBackupStatus({ enabled: Boolean(user?.isAdmin) });
  useScrollIntoViewWhenNamed(BACKUPS_ANCHOR, status.isSuccess);
  if (!user?.isAdmin) return null;

  return (
    <Card id={BACKUPS_ANCHOR} role="region" className="grid gap-3 scroll-mt-4 p-5" aria-labelledby="backups-heading">
      <h2 id="backups-heading" className="flex items-center gap-2 text-sm font-semibold">
        <DatabaseBackup aria-hidden className="size-4" />
        Backups
      </h2>
      {status.isPending ? (
        <Skeleton className="h-10 w-full" />
      ) : status.isError ? (
        <p className="text-sm text-destructive">{errorMessage(status.error, "The backup status could not be loaded.")}</p>
      ) : (
        <>
          <LastBackup last={status.data.last} />
          {status.data.retryAt && (
            <p className="text-sm">
              The scheduled backup will be tried again at <time dateTime={isoDate(status.data.retryAt)}>{formatDateTime(status.data.retryAt)}</time>.
            </p>
          )}
          <p className="text-xs text-muted-foreground">
            {status.data.nextAt ? (
              <>
                Daily at {status.data.schedule} server time (next <time dateTime={isoDate(status.data.nextAt)}>{formatDateTime(status.data.nextAt)}</time>)
              </>
            ) : (
              "Scheduled backups are off"
            )}
            , into <span className="break-all">{status.data.directory}</span>, keeping the newest {status.data.keep}.{" "}
            {status.data.target ? (
              <>
                Each backup is then copied to <span className="break-all">{status.data.target}</span>.
              </>
            ) : (
              "A copy on the same disk is not a backup: set BACKUP_TARGET to a bucket, or copy these files to another machine."
            )}
          </p>
        </>
      )}
    </Card>
  );
}
