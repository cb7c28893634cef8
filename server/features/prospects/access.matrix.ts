import type { AccessRow, Fixtures } from "../../test/access-matrix.js";
import { createListing } from "../../test/factories.js";

// The pipeline is the team's, like the leads: every signed-in teammate adds, moves and removes
// prospects. The follow-up rule is the team's: admins change it. The digest is each member's own.
const signedIn = (ok: number) => ({ anonymous: 401, member: ok, admin: ok });
let made = 0;

/** A listing with one prospect, added through the route itself. */
async function listingWithProspect({ ctx, admin }: Fixtures): Promise<{ listingId: string; leadId: number }> {
  const listing = await createListing(ctx.db);
  const res = await admin.agent.post(`/api/listings/${listing.id}/prospects`).send({ name: "Matrix Prospect", email: `prospect${++made}.${Math.random()}@example.com` });
  return { listingId: listing.id, leadId: res.body.leadId as number };
}

export const rows: AccessRow[] = [
  {
    route: "POST /api/listings/:id/prospects",
    request: async ({ ctx }: Fixtures) => ({
      path: `/api/listings/${(await createListing(ctx.db)).id}/prospects`,
      body: { name: "Matrix Buyer", email: `buyer${++made}.${Math.random()}@example.com` },
    }),
    expect: signedIn(201),
  },
  {
    route: "PATCH /api/listings/:id/prospects/:leadId",
    request: async (f) => {
      const { listingId, leadId } = await listingWithProspect(f);
      return { path: `/api/listings/${listingId}/prospects/${leadId}`, body: { stage: "toured" } };
    },
    expect: signedIn(200),
  },
  {
    route: "DELETE /api/listings/:id/prospects/:leadId",
    request: async (f) => {
      const { listingId, leadId } = await listingWithProspect(f);
      return { path: `/api/listings/${listingId}/prospects/${leadId}` };
    },
    expect: signedIn(204),
  },
  { route: "GET /api/prospects/follow-ups", expect: signedIn(200) },
  { route: "GET /api/settings/follow-up", expect: signedIn(200) },
  // Days 8, 9, ...: each call a change (the default is 7), so each writes its entry.
  { route: "PUT /api/settings/follow-up", request: () => ({ body: { days: 8 + (++made % 80) } }), expect: { anonymous: 401, member: 403, admin: 200 } },
  { route: "GET /api/settings/prospect-digest", expect: signedIn(200) },
  { route: "PUT /api/settings/prospect-digest", request: (_f, role) => ({ body: { enabled: role !== "anonymous" } }), expect: signedIn(200) },
];
