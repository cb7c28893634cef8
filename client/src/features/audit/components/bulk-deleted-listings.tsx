import { useState } from "react";
import { DELETION_KINDS } from "@shared/audit";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { useListingActivity } from "../api/get-listing-activity";
import { DeletedListing } from "./deleted-listing";

/** Listings loaded at a time: a bulk delete may hold hundreds, each read from its own timeline. */
const SHOWN_AT_ONCE = 10;

const isDeletion = (kind: string) => (DELETION_KINDS as readonly string[]).includes(kind);

/** One listing of a bulk delete: its timeline ends in its deletion, which keeps the snapshot. */
function BulkDeletedItem({ id }: { id: string }) {
  const activity = useListingActivity(id);
  const deletion = activity.data?.pages[0]?.entries.find((e) => isDeletion(e.kind) && e.details?.snapshot);
  const snapshot = deletion?.details?.snapshot as Record<string, unknown> | undefined;
  if (activity.isPending) return <Skeleton className="h-8 w-full" />;
  return (
    <li className="grid gap-1.5" data-testid="bulk-deleted-listing">
      {snapshot ? (
        <>
          <p className="break-words font-medium">{String(snapshot.listingName ?? id)}</p>
          <DeletedListing snapshot={snapshot} />
        </>
      ) : (
        // Pruned by retention, or unreadable right now: the id is all the log still has.
        <p className="break-words text-muted-foreground">Listing {id}: its snapshot is no longer in the log</p>
      )}
    </li>
  );
}

/** The listings a bulk delete removed, each viewable and recreatable like a single deletion. */
export function BulkDeletedListings({ ids }: { ids: string[] }) {
  const [open, setOpen] = useState(false);
  const [shown, setShown] = useState(SHOWN_AT_ONCE);
  return (
    <details className="grid gap-2 text-sm" onToggle={(e) => setOpen(e.currentTarget.open)} data-testid="bulk-deleted-listings">
      <summary className="cursor-pointer font-medium">Show the deleted listings</summary>
      {open ? (
        <ul className="mt-2 grid gap-3">
          {ids.slice(0, shown).map((id) => (
            <BulkDeletedItem key={id} id={id} />
          ))}
        </ul>
      ) : null}
      {open && ids.length > shown ? (
        <Button variant="outline" size="sm" className="mt-2 justify-self-start" onClick={() => setShown((n) => n + SHOWN_AT_ONCE)}>
          Show more
        </Button>
      ) : null}
    </details>
  );
}
