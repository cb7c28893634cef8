import { useState } from "react";
import { getListingActivity } from "@/features/audit/api/get-listing-activity";
import { useLiveEvent } from "@/lib/live-events";
import { getListing } from "../api/get-listing";

export interface TeammateSave {
  /** Who saved, as the listing's timeline names them; null when it cannot tell. */
  by: string | null;
  version: number;
}

/** A `listings` event's payload (docs/decisions/182-event-stream.md). */
const names = (data: unknown, id: string) => {
  const event = data as { ids?: unknown; many?: unknown } | null;
  return Boolean(event?.many) || (Array.isArray(event?.ids) && event.ids.includes(id));
};

/**
 * A newer save of the listing an open form started from, heard on the event stream: the form
 * says so before the person saves (docs/decisions/231-crossing-edits-in-the-form.md). The
 * person's typing is left alone; their save then merges or asks about the fields both changed.
 */
export function useTeammateSave(listingId: string | undefined, version: number | undefined): TeammateSave | null {
  const [heard, setHeard] = useState<TeammateSave | null>(null);
  useLiveEvent("listings", (data) => {
    if (listingId === undefined || version === undefined || !names(data, listingId)) return;
    void (async () => {
      const now = await getListing(listingId);
      if (now.version <= version) return;
      const activity = await getListingActivity(listingId, null).catch(() => null);
      const by = activity?.entries[0]?.actor?.username ?? null;
      setHeard((last) => (last && last.version >= now.version ? last : { by, version: now.version }));
    })().catch(() => {
      // Deleted, or offline: the save will say so.
    });
  });
  return heard && version !== undefined && heard.version > version ? heard : null;
}
