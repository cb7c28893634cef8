// Opening a notification's link to a note (use-note-link.ts): its own chunk, loaded only when the
// address names a note, so the list page's first download does not carry it.
import type { QueryClient } from "@tanstack/react-query";
import { toastError } from "@/components/ui/use-toast";
import { listingKeys } from "@/lib/query-keys";
import { getListing } from "../api/get-listing";
import type { ListingSummary } from "../api/listing-types";
import { addressWithoutNoteLink } from "../lib/note-link-address";
import type { NoteLink } from "./use-note-link";

// Spec §9: the address is put back to the page's own about 100 ms after the notes open.
const URL_CLEANUP_DELAY_MS = 100;

async function listingName(queryClient: QueryClient, id: string): Promise<string | null> {
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

interface Opening {
  link: { listingId: string; noteId: number };
  basePath: string;
  queryClient: QueryClient;
  navigate(to: string, options: { replace: boolean }): void;
  open(link: NoteLink): void;
}

/** Opens the linked listing's notes, then tidies the address; returns what cancels both. */
export function openNoteLink({ link, basePath, queryClient, navigate, open }: Opening): () => void {
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
}
