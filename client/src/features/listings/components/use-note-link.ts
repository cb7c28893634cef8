import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useLocation, useSearch } from "wouter";
import { toastError } from "@/components/ui/use-toast";
import { listingKeys } from "@/lib/query-keys";
import { getListing } from "../api/get-listing";
import type { ListingSummary } from "../api/listing-types";
import { addressWithoutNoteLink, readNoteLink } from "../lib/note-link-address";

// Spec §9: the address is put back to the page's own about 100 ms after the notes open.
const URL_CLEANUP_DELAY_MS = 100;

export interface NoteLink {
  listingId: string;
  listingName: string;
  noteId: number;
}

async function listingName(queryClient: ReturnType<typeof useQueryClient>, id: string): Promise<string | null> {
  for (const key of [listingKeys.active, listingKeys.inactive]) {
    const found = queryClient.getQueryData<ListingSummary[]>(key)?.find((l) => l.id === id);
    if (found) return found.listingName;
  }
  try {
    const listing = await queryClient.fetchQuery({ queryKey: listingKeys.detail(id), queryFn: () => getListing(id) });
    return listing.listingName;
  } catch {
    return null;
  }
}

/**
 * A notification links to `?listingId=…&noteId=…` on / or /not-in-use: open that listing's
 * notes with the note highlighted, then tidy the address so a reload does not open them again.
 */
export function useNoteLink(basePath: string, open: (link: NoteLink) => void) {
  const search = useSearch();
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();

  useEffect(() => {
    const link = readNoteLink(search);
    if (!link) return;
    const { listingId, noteId } = link;

    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    void listingName(queryClient, listingId).then((name) => {
      if (cancelled) return;
      if (name === null) toastError("Listing not found", "It may have been deleted since the note was written.");
      else open({ listingId, listingName: name, noteId });
      // Only the note's parameters go: the page's search, filters and sort stay in the address.
      timer = setTimeout(() => {
        // Only while this page is still the address (see useListingViewParams).
        const next = addressWithoutNoteLink(basePath, window.location);
        if (next !== null) navigate(next, { replace: true });
      }, URL_CLEANUP_DELAY_MS);
    });
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [search, basePath, navigate, queryClient, open]);
}
