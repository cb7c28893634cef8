import { useQuery } from "@tanstack/react-query";
import type { ListingNoteDto } from "@shared/schema";
import { apiJson } from "@/lib/api-client";

/** A note as it arrives over JSON (dates are ISO strings). */
export type NoteItem = Omit<ListingNoteDto, "createdAt" | "updatedAt"> & { createdAt: string; updatedAt: string };

export const listingNotesQueryKey = (listingId: string) => ["/api/listings", listingId, "notes"] as const;

export const getListingNotes = (listingId: string) =>
  apiJson<NoteItem[]>("GET", `/api/listings/${encodeURIComponent(listingId)}/notes`);

/** The listing's notes, oldest first. */
export function useListingNotes(listingId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: listingNotesQueryKey(listingId),
    queryFn: () => getListingNotes(listingId),
    enabled,
    // Teammates write notes too: opening the dialog shows what is there now, not what was cached.
    staleTime: 0,
    refetchOnMount: "always",
  });
}
