import type { AccessRow, Fixtures } from "../../test/access-matrix.js";
import { PDFDocument } from "pdf-lib";
import { createListing } from "../../test/factories.js";
import { createGrant } from "./service.js";

// The room is the team's, like its listing: every signed-in teammate sets its rules and manages
// its grants; only admins write agreement templates (Settings). The buyer's doors (/l/.../room,
// /r/...) are outside /api: deal-room.test.ts covers them.
const signedIn = (ok: number) => ({ anonymous: 401, member: ok, admin: ok });
const adminOnly = (ok: number) => ({ anonymous: 401, member: 403, admin: ok });
const listingPath = async ({ ctx }: Fixtures, suffix: string) => `/api/listings/${(await createListing(ctx.db)).id}${suffix}`;

async function grantPath({ ctx, admin }: Fixtures, suffix = "") {
  const listing = await createListing(ctx.db);
  const grant = await createGrant(ctx.db, listing.id, { name: "Matrix Buyer", email: `buyer${Math.random()}@example.com`, company: null, source: "waived", level: "ca" }, admin.user.id, { sendsMail: false, origin: null });
  return `/api/listings/${listing.id}/room/grants/${grant.id}${suffix}`;
}

const template = { name: "Matrix agreement", body: "The recipient keeps what it reads confidential. ".repeat(6) };

export const rows: AccessRow[] = [
  { route: "GET /api/listings/:id/room", request: async (f) => ({ path: await listingPath(f, "/room") }), expect: signedIn(200) },
  { route: "PUT /api/listings/:id/room", request: async (f) => ({ path: await listingPath(f, "/room"), body: { enabled: true } }), expect: signedIn(200) },
  { route: "GET /api/ca-templates", expect: signedIn(200) },
  { route: "POST /api/ca-templates", request: () => ({ body: template }), expect: adminOnly(201) },
  { route: "PUT /api/ca-templates/:id", request: () => ({ path: "/api/ca-templates/1", body: { ...template, body: `${template.body} Version ${Math.random()}.` } }), expect: adminOnly(200) },
  { route: "GET /api/listings/:id/room/grants", request: async (f) => ({ path: await listingPath(f, "/room/grants") }), expect: signedIn(200) },
  {
    route: "POST /api/listings/:id/room/grants",
    request: async (f) => ({ path: await listingPath(f, "/room/grants"), body: { name: "Matrix Buyer", email: `buyer${Math.random()}@example.com`, source: "waived" } }),
    expect: signedIn(201),
  },
  {
    route: "GET /api/listings/:id/room/grants/:grantId/proof",
    request: async (f) => {
      const pdf = await PDFDocument.create();
      pdf.addPage().drawText("Signed elsewhere", { x: 50, y: 700 });
      const bytes = Buffer.from(await pdf.save());
      const ticket = await f.admin.agent.post("/api/documents/upload").send({ fileName: "signed-ca.pdf", contentType: "application/pdf", size: bytes.length }).expect(200);
      await f.admin.agent.put(ticket.body.uploadURL).set("Content-Type", "application/pdf").send(bytes).expect(200);
      const proofUrl = ticket.body.url as string;
      const path = await listingPath(f, "/room/grants");
      const made = await f.admin.agent.post(path).send({ name: "Matrix Buyer", email: `buyer${Math.random()}@example.com`, source: "signed-elsewhere", proofUrl }).expect(201);
      return { path: `${path}/${made.body.id}/proof` };
    },
    expect: signedIn(200),
  },
  { route: "GET /api/listings/:id/room/activity", request: async (f) => ({ path: await listingPath(f, "/room/activity") }), expect: signedIn(200) },
  { route: "PATCH /api/listings/:id/room/grants/:grantId", request: async (f) => ({ path: await grantPath(f), body: { status: "revoked" } }), expect: signedIn(200) },
  // A grant made by a member has no signed agreement: the route answers 404 for members (signed
  // ones are read in deal-room.test.ts).
  { route: "GET /api/listings/:id/room/grants/:grantId/ca.pdf", request: async (f) => ({ path: await grantPath(f, "/ca.pdf") }), expect: signedIn(404) },
  // The matrix sends JSON, not a PDF: members get the 400 that says what to send (verify.test in deal-room.test.ts).
  { route: "POST /api/ca/verify", request: () => ({ body: { not: "a pdf" } }), expect: signedIn(400) },
];
