import type { AccessRow, Fixtures } from "../../test/access-matrix.js";
import { createListing } from "../../test/factories.js";
import { addNote } from "./service.js";

// Any teammate reads and writes notes; only a note's author edits or deletes it.
const onMembersNote = async ({ ctx, member }: Fixtures) => {
  const listing = await createListing(ctx.db);
  const note = await addNote(ctx.db, member.user, listing.id, "Owner's note");
  return { path: `/api/notes/${note.id}` };
};
const onNewListingNotes = async ({ ctx }: Fixtures) => ({ path: `/api/listings/${(await createListing(ctx.db)).id}/notes` });

export const rows: AccessRow[] = [
  { route: "GET /api/listings/:id/notes", request: onNewListingNotes, expect: { anonymous: 401, member: 200, admin: 200 } },
  {
    route: "POST /api/listings/:id/notes",
    request: async (f) => ({ ...(await onNewListingNotes(f)), body: { content: "A note" } }),
    expect: { anonymous: 401, member: 201, admin: 201 },
  },
  {
    route: "PATCH /api/notes/:noteId",
    request: async (f) => ({ ...(await onMembersNote(f)), body: { content: "Edited" } }),
    expect: { anonymous: 401, member: 200, admin: 403, otherMember: 403 },
  },
  {
    route: "DELETE /api/notes/:noteId",
    request: onMembersNote,
    expect: { anonymous: 401, member: 204, admin: 403, otherMember: 403 },
  },
];
