import type { AccessRow, Fixtures } from "../../test/access-matrix.js";
import { createListing, validListingInput } from "../../test/factories.js";
import { recordListingActivity } from "../audit/service.js";

// Every signed-in teammate manages listings; only the anonymous are turned away.
const signedIn = (ok: number) => ({ anonymous: 401, member: ok, admin: ok });
const onNewListing = (suffix = "") => async ({ ctx }: Fixtures) => ({
  path: `/api/listings/${(await createListing(ctx.db)).id}${suffix}`,
});

export const rows: AccessRow[] = [
  { route: "GET /api/listings", expect: signedIn(200) },
  { route: "GET /api/listings/active", expect: signedIn(200) },
  { route: "GET /api/listings/inactive", expect: signedIn(200) },
  { route: "GET /api/listings/counts", expect: signedIn(200) },
  { route: "GET /api/listings/:id", request: onNewListing(), expect: signedIn(200) },
  { route: "POST /api/listings", request: () => ({ body: validListingInput() }), expect: signedIn(201) },
  {
    route: "PUT /api/listings/:id",
    request: async (f) => ({ ...(await onNewListing()(f)), body: { listingName: "Renamed" } }),
    expect: signedIn(200),
  },
  {
    route: "PATCH /api/listings/:id",
    request: async (f) => ({ ...(await onNewListing()(f)), body: { availableSizeSf: "4,200 SF" } }),
    expect: signedIn(200),
  },
  // The same with a bulk delete's Bulk-Action header: server/features/audit/bulk-delete.test.ts.
  { route: "DELETE /api/listings/:id", request: onNewListing(), expect: signedIn(204) },
  { route: "POST /api/listings/:id/toggle", request: onNewListing("/toggle"), expect: signedIn(200) },
  { route: "POST /api/listings/:id/toggle-starred", request: onNewListing("/toggle-starred"), expect: signedIn(200) },
  {
    // Any teammate may put back a value from a listing's timeline, as they may edit it.
    route: "POST /api/listings/:id/activity/:entryId/restore",
    request: async ({ ctx }: Fixtures) => {
      const listing = await createListing(ctx.db, { listingName: "Renamed since" });
      const entryId = await recordListingActivity(ctx.db, {
        kind: "listing.edited",
        actorId: null,
        listingId: listing.id,
        data: { changes: { listingName: ["First name", "Renamed since"] } },
      });
      return { path: `/api/listings/${listing.id}/activity/${entryId}/restore`, body: { field: "listingName" } };
    },
    expect: signedIn(200),
  },
];
