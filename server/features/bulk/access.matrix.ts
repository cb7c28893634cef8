import type { AccessRow } from "../../test/access-matrix.js";
import { createListing } from "../../test/factories.js";

// Every signed-in teammate edits listings in bulk; the anonymous are turned away.
export const rows: AccessRow[] = [
  {
    route: "PUT /api/listings/bulk",
    request: async ({ ctx }) => ({ body: { ids: [(await createListing(ctx.db)).id], updates: { notes: "Bulk note" } } }),
    expect: { anonymous: 401, member: 200, admin: 200 },
  },
];
