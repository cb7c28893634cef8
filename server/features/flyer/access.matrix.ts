import type { AccessRow, Fixtures } from "../../test/access-matrix.js";
import { createListing } from "../../test/factories.js";

// Every signed-in teammate makes any listing's flyer; only the anonymous are turned away.
export const rows: AccessRow[] = [
  {
    route: "GET /api/listings/:id/flyer.pdf",
    request: async ({ ctx }: Fixtures) => ({ path: `/api/listings/${(await createListing(ctx.db)).id}/flyer.pdf` }),
    expect: { anonymous: 401, member: 200, admin: 200 },
  },
];
