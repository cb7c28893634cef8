import type { AccessRow, Fixtures } from "../../test/access-matrix.js";
import { createListing } from "../../test/factories.js";
import { createContact, createList, createSegment } from "./service.js";

// Contacts are the team's, like leads: every member reads and edits them; only admins delete one.
const signedIn = (ok: number) => ({ anonymous: 401, member: ok, admin: ok });
const unique = () => Math.random().toString(36).slice(2);

async function newContact({ ctx, admin }: Fixtures): Promise<number> {
  const c = await createContact(ctx.db, { name: "Matrix Contact", email: `c${unique()}@example.com`, phone: null, company: null, role: "principal", tags: [], interests: { propertyTypes: [], states: [], minPrice: null, maxPrice: null, minSize: null, maxSize: null, offeringTypes: [] }, consent: "unknown", status: "subscribed" }, admin.user.id);
  return c.id;
}
const newList = async ({ ctx, admin }: Fixtures) => (await createList(ctx.db, `List ${unique()}`, admin.user.id)).id;
const newSegment = async ({ ctx, admin }: Fixtures) => (await createSegment(ctx.db, `Segment ${unique()}`, { tags: ["investor"] }, admin.user.id)).id;

export const rows: AccessRow[] = [
  { route: "GET /api/contacts", expect: signedIn(200) },
  { route: "POST /api/contacts", request: () => ({ body: { name: "New Contact", email: `n${unique()}@example.com` } }), expect: signedIn(201) },
  { route: "GET /api/contacts/export.csv", expect: signedIn(200) },
  { route: "GET /api/contacts/:id", request: async (f) => ({ path: `/api/contacts/${await newContact(f)}` }), expect: signedIn(200) },
  { route: "PATCH /api/contacts/:id", request: async (f) => ({ path: `/api/contacts/${await newContact(f)}`, body: { tags: ["matrix"] } }), expect: signedIn(200) },
  { route: "DELETE /api/contacts/:id", request: async (f) => ({ path: `/api/contacts/${await newContact(f)}` }), expect: { anonymous: 401, member: 403, admin: 204 } },
  { route: "GET /api/listings/:id/matching-contacts", request: async ({ ctx }: Fixtures) => ({ path: `/api/listings/${(await createListing(ctx.db)).id}/matching-contacts` }), expect: signedIn(200) },
  { route: "GET /api/contact-lists", expect: signedIn(200) },
  { route: "POST /api/contact-lists", request: () => ({ body: { name: `List ${unique()}` } }), expect: signedIn(201) },
  { route: "GET /api/contact-lists/:id", request: async (f) => ({ path: `/api/contact-lists/${await newList(f)}` }), expect: signedIn(200) },
  { route: "PATCH /api/contact-lists/:id", request: async (f) => ({ path: `/api/contact-lists/${await newList(f)}`, body: { name: `Renamed ${unique()}` } }), expect: signedIn(200) },
  { route: "DELETE /api/contact-lists/:id", request: async (f) => ({ path: `/api/contact-lists/${await newList(f)}` }), expect: signedIn(204) },
  {
    route: "POST /api/contact-lists/:id/members",
    request: async (f) => ({ path: `/api/contact-lists/${await newList(f)}/members`, body: { contactIds: [await newContact(f)] } }),
    expect: signedIn(200),
  },
  {
    route: "DELETE /api/contact-lists/:id/members",
    request: async (f) => ({ path: `/api/contact-lists/${await newList(f)}/members`, body: { contactIds: [await newContact(f)] } }),
    expect: signedIn(200),
  },
  { route: "GET /api/contact-segments", expect: signedIn(200) },
  { route: "POST /api/contact-segments", request: () => ({ body: { name: `Segment ${unique()}`, filter: { statuses: ["subscribed"] } } }), expect: signedIn(201) },
  { route: "DELETE /api/contact-segments/:id", request: async (f) => ({ path: `/api/contact-segments/${await newSegment(f)}` }), expect: signedIn(204) },
  { route: "GET /api/contact-segments/:id/contacts", request: async (f) => ({ path: `/api/contact-segments/${await newSegment(f)}/contacts` }), expect: signedIn(200) },
];
