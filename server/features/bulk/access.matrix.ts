import type { AccessRow, Fixtures } from "../../test/access-matrix.js";
import { createListing } from "../../test/factories.js";

/** A bulk edit made by `member`, for its undo. */
async function memberBulkEdit({ ctx, member }: Fixtures): Promise<{ path: string }> {
  const listing = await createListing(ctx.db, { notes: "Before the bulk edit" });
  const res = await member.agent.put("/api/listings/bulk").send({ ids: [listing.id], updates: { notes: "Bulk note" } });
  return { path: `/api/listings/bulk/${String(res.body.bulkActionId)}/undo` };
}

// Every signed-in teammate edits listings in bulk; the anonymous are turned away. Undo is for the
// person who made the bulk edit and for admins.
export const rows: AccessRow[] = [
  {
    route: "PUT /api/listings/bulk",
    request: async ({ ctx }) => ({ body: { ids: [(await createListing(ctx.db)).id], updates: { notes: "Bulk note" } } }),
    expect: { anonymous: 401, member: 200, admin: 200 },
  },
  {
    route: "POST /api/listings/bulk/:actionId/undo",
    request: memberBulkEdit,
    expect: { anonymous: 401, member: 200, admin: 200, otherMember: 403 },
  },
];
