import { useQuery } from "@tanstack/react-query";
import type { ListingNoteDto } from "@shared/schema";
import type { Wire } from "@shared/wire";
import { apiJson } from "@/lib/api-client";
import { listingKeys } from "@/lib/query-keys";

/** A note as it arrives over JSON (dates are ISO strings). */
export type NoteItem = Wire<ListingNoteDto>;

export const getListingNotes = (listingId: string) =>
  apiJson<NoteItem[]>("GET", `/api/listings/${encodeURIComponent(listingId)}/notes`);

/** The listing's notes, oldest first. */
export function useListingNotes(listingId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: listingKeys.notes(listingId),
    queryFn: () => getListingNotes(listingId),
    enabled,
    // Teammates write notes too: opening the dialog shows what is there now, not what was cached.
    staleTime: 0,
    refetchOnMount: "always",
  });
}
