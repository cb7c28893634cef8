import { History, RotateCcw } from "lucide-react";
import { useId } from "react";
import type { ActivityEntry } from "@shared/audit";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/api-client";
import { isoDate, formatDateTime } from "@/lib/format-date";
import { useListingActivity } from "../api/get-listing-activity";
import { useRestoreValue } from "../api/restore-value";
import { fieldLabel } from "@shared/field-labels";
import { activitySentence, timeAgo } from "../lib/activity-text";

function ActivityItem({ listingId, version, entry }: { listingId: string; version?: number; entry: ActivityEntry }) {
  const restore = useRestoreValue();
  // Only a change a person made field by field can be put back one field at a time.
  const restorable = entry.kind === "listing.edited" || entry.kind.startsWith("listing.image-") ? Object.keys(entry.changes ?? {}) : [];
  return (
    <li className="grid gap-1 border-b py-2 last:border-b-0" data-testid="activity-entry">
      <p className="break-words text-sm">
        {activitySentence(entry)}
        <span className="text-muted-foreground">
          {" · "}
          <time dateTime={isoDate(entry.at)} title={formatDateTime(entry.at)}>
            {timeAgo(entry.at)}
          </time>
        </span>
      </p>
      {restorable.length > 0 ? (
        <div className="flex flex-wrap gap-2">
          {restorable.map((field) => (
            <Button
              key={field}
              variant="outline"
              size="sm"
              loading={restore.isPending && restore.variables?.field === field}
              onClick={() => restore.mutate({ listingId, version, entryId: entry.id, field, label: fieldLabel(field) })}
              aria-label={restorable.length > 1 ? `Restore this value: ${fieldLabel(field)}` : undefined}
            >
              <RotateCcw aria-hidden />
              {restorable.length > 1 ? `Restore ${fieldLabel(field)}` : "Restore this value"}
            </Button>
          ))}
        </div>
      ) : null}
    </li>
  );
}

/**
 * The detail dialog's Activity section: who changed what, newest first. `version` is
 * the listing's as the dialog shows it: a restore sends it in If-Match, so it never overwrites
 * an edit the person has not seen (the edit-conflict rule).
 */
export function ListingActivity({ listingId, version }: { listingId: string; version?: number }) {
  const id = useId();
  const query = useListingActivity(listingId);
  const entries = query.data?.pages.flatMap((p) => p.entries) ?? [];
  return (
    <section aria-labelledby={id} className="grid gap-2 rounded-xl border bg-surface p-4" data-testid="listing-activity">
      <h3 id={id} className="flex items-center gap-2 text-sm font-semibold">
        <History aria-hidden className="size-4" />
        Activity
      </h3>
      {query.isPending ? (
        <Skeleton className="h-16 w-full" />
      ) : query.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(query.error, "Could not load the activity.")}
        </p>
      ) : entries.length === 0 ? (
        <p className="text-sm text-muted-foreground">No activity yet</p>
      ) : (
        <ol className="grid">
          {entries.map((entry) => (
            <ActivityItem key={entry.id} listingId={listingId} version={version} entry={entry} />
          ))}
        </ol>
      )}
      {query.hasNextPage ? (
        <Button variant="ghost" size="sm" className="justify-self-start" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
          Load more
        </Button>
      ) : null}
    </section>
  );
}
