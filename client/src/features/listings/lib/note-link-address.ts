// The address a notification links to (`?listingId=…&noteId=…` on / or /not-in-use), read and
// tidied away. Pure: the hook in components/use-note-link.ts opens the notes and navigates.

/** The note a query string points at, or null when it names none (or a malformed one). */
export function readNoteLink(search: string): { listingId: string; noteId: number } | null {
  const params = new URLSearchParams(search);
  const listingId = params.get("listingId");
  const noteId = Number(params.get("noteId"));
  if (!listingId || !Number.isInteger(noteId) || noteId <= 0) return null;
  return { listingId, noteId };
}

/**
 * The page's address without the note's parameters (its search, filters and sort stay), or null
 * while another page is the address (see nextListingAddress).
 */
export function addressWithoutNoteLink(basePath: string, current: { pathname: string; search: string }): string | null {
  if (current.pathname !== basePath) return null;
  const rest = new URLSearchParams(current.search);
  rest.delete("listingId");
  rest.delete("noteId");
  return rest.size > 0 ? `${basePath}?${rest}` : basePath;
}
