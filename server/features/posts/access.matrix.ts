import type { AccessRow } from "../../test/access-matrix.js";
import { createListing } from "../../test/factories.js";

export const rows: AccessRow[] = [
  {
    route: "POST /api/listings/:id/regenerate-posts",
    request: async ({ ctx }) => ({ path: `/api/listings/${(await createListing(ctx.db)).id}/regenerate-posts` }),
    expect: { anonymous: 401, member: 200, admin: 200 },
  },
];
