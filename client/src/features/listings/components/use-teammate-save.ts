import { useState } from "react";
import { getListingActivity } from "@/features/audit/api/get-listing-activity";
import { useLiveEvent } from "@/lib/live-events";
import { getListing } from "../api/get-listing";
import { eventNamesListing, laterSave, saveToShow, type TeammateSave } from "../lib/teammate-save";

/**
 * A newer save of the listing an open form started from, heard on the event stream: the form
 * says so before the person saves. The
 * person's typing is left alone; their save then merges or asks about the fields both changed.
 */
export function useTeammateSave(listingId: string | undefined, version: number | undefined): TeammateSave | null {
  const [heard, setHeard] = useState<TeammateSave | null>(null);
  useLiveEvent("listings", (data) => {
    if (listingId === undefined || version === undefined || !eventNamesListing(data, listingId)) return;
    void (async () => {
      const now = await getListing(listingId);
      if (now.version <= version) return;
      const activity = await getListingActivity(listingId, null).catch(() => null);
      const by = activity?.entries[0]?.actor?.username ?? null;
      setHeard((last) => laterSave(last, { by, version: now.version }));
    })().catch(() => {
      // Deleted, or offline: the save will say so.
    });
  });
  return saveToShow(heard, version);
}
