import type { AccessRow, Fixtures } from "../../test/access-matrix.js";
import { createListing } from "../../test/factories.js";

// Every signed-in teammate publishes any listing, as they edit it; the page itself (/l/...) is
// outside /api and answers anyone holding its link (publication.test.ts, public-page.test.ts).
const signedIn = (ok: number) => ({ anonymous: 401, member: ok, admin: ok });
const onNewListing = (suffix: string) => async ({ ctx }: Fixtures) => ({ path: `/api/listings/${(await createListing(ctx.db)).id}${suffix}` });

export const rows: AccessRow[] = [
  { route: "GET /api/listings/:id/publication", request: onNewListing("/publication"), expect: signedIn(200) },
  {
    route: "PUT /api/listings/:id/publication",
    request: async (f) => ({ ...(await onNewListing("/publication")(f)), body: { published: true } }),
    expect: signedIn(200),
  },
  { route: "GET /api/listings/:id/marketing", request: onNewListing("/marketing"), expect: signedIn(200) },
  { route: "POST /api/listings/:id/publication/rotate", request: onNewListing("/publication/rotate"), expect: signedIn(200) },
];
