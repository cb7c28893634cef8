import type { AccessRow, Fixtures } from "../../test/access-matrix.js";
import { createListing } from "../../test/factories.js";
import { recordInquiry } from "./service.js";

// Leads are the team's, like listings: every signed-in teammate reads and edits them.
const signedIn = (ok: number) => ({ anonymous: 401, member: ok, admin: ok });

async function newLead({ ctx }: Fixtures): Promise<number> {
  const listing = await createListing(ctx.db);
  const input = { name: "Matrix Lead", email: `lead${Math.random()}@example.com`, phone: null, company: null, role: "principal" as const, message: "Hello", exchange1031: false };
  return recordInquiry(ctx.db, listing, input, { sendsMail: false, origin: "http://localhost" });
}

export const rows: AccessRow[] = [
  { route: "GET /api/leads", expect: signedIn(200) },
  { route: "GET /api/leads/export.csv", expect: signedIn(200) },
  { route: "GET /api/leads/:id", request: async (f) => ({ path: `/api/leads/${await newLead(f)}` }), expect: signedIn(200) },
  {
    route: "PATCH /api/leads/:id",
    request: async (f) => ({ path: `/api/leads/${await newLead(f)}`, body: { company: `Matrix Co ${Math.random()}` } }),
    expect: signedIn(200),
  },
  {
    route: "GET /api/listings/:id/prospects",
    request: async ({ ctx }: Fixtures) => ({ path: `/api/listings/${(await createListing(ctx.db)).id}/prospects` }),
    expect: signedIn(200),
  },
  { route: "GET /api/settings/inquiry-alerts", expect: signedIn(200) },
  // Off, which is not the default: a change, so it is logged (audit coverage).
  { route: "PUT /api/settings/inquiry-alerts", request: () => ({ body: { myListings: false } }), expect: signedIn(200) },
];
