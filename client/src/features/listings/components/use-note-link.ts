import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useLocation, useSearch } from "wouter";
import { readNoteLink } from "../lib/note-link-address";

export interface NoteLink {
  listingId: string;
  listingName: string;
  noteId: number;
}

/**
 * A notification links to `?listingId=…&noteId=…` on / or /not-in-use: open that listing's
 * notes with the note highlighted, then tidy the address so a reload does not open them again.
 * The opening's code loads only when the address names a note (open-note-link.ts).
 */
export function useNoteLink(basePath: string, open: (link: NoteLink) => void) {
  const search = useSearch();
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();

  useEffect(() => {
    const link = readNoteLink(search);
    if (!link) return;
    let cancelled = false;
    let cancel: (() => void) | undefined;
    void import("./open-note-link").then(
      ({ openNoteLink }) => {
        if (!cancelled) cancel = openNoteLink({ link, basePath, queryClient, navigate, open });
      },
      // Offline before the code ever loaded: the link opens nothing, as it could not read the listing either.
      () => undefined,
    );
    return () => {
      cancelled = true;
      cancel?.();
    };
  }, [search, basePath, navigate, queryClient, open]);
}
