import type { AccessRow, Fixtures } from "../../test/access-matrix.js";
import { createListing } from "../../test/factories.js";

export const rows: AccessRow[] = [
  // Teammates share listings, so every one of them reads any listing's timeline.
  {
    route: "GET /api/listings/:id/activity",
    request: async ({ ctx }: Fixtures) => ({ path: `/api/listings/${(await createListing(ctx.db)).id}/activity` }),
    expect: { anonymous: 401, member: 200, admin: 200 },
  },
  // The audit log (sign-ins, deletions, exports...) is for admins only.
  { route: "GET /api/audit", expect: { anonymous: 401, member: 403, admin: 200 } },
  { route: "GET /api/audit/export", expect: { anonymous: 401, member: 403, admin: 200 } },
];
