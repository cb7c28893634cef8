import type { AccessRow, Fixtures } from "../../test/access-matrix.js";
import { createListing } from "../../test/factories.js";
import { addDocument, RENT_ROLL_CSV, uploadDocumentFile } from "./test-documents.js";

// Every signed-in teammate manages every listing's deal room; an upload link is its issuer's alone.
const signedIn = (ok: number) => ({ anonymous: 401, member: ok, admin: ok });
const onListing = (suffix: string) => async ({ ctx }: Fixtures) => ({ path: `/api/listings/${(await createListing(ctx.db)).id}${suffix}` });
/** A document the member added, and the path under it. */
const onDocument = (suffix = "") => async ({ ctx, member }: Fixtures) => {
  const listing = await createListing(ctx.db);
  const document = await addDocument(member.agent, listing.id);
  return { path: `/api/listings/${listing.id}/documents/${document.id}${suffix}` };
};
const fileTicket = { fileName: "rent-roll.csv", contentType: "text/csv", size: RENT_ROLL_CSV.length };

export const rows: AccessRow[] = [
  { route: "POST /api/documents/upload", request: () => ({ body: fileTicket }), expect: signedIn(200) },
  {
    // Everyone but the admin tries the member's own upload link.
    route: "PUT /api/documents/files/:key",
    request: async (f, role) => {
      const agent = role === "admin" ? f.admin.agent : f.member.agent;
      return { path: (await agent.post("/api/documents/upload").send(fileTicket).expect(200)).body.uploadURL, body: RENT_ROLL_CSV };
    },
    expect: { anonymous: 401, member: 200, admin: 200, otherMember: 403 },
  },
  { route: "GET /api/listings/:id/documents", request: onListing("/documents"), expect: signedIn(200) },
  {
    // Each role attaches a file it uploaded itself (another's upload is refused: documents.test.ts).
    route: "POST /api/listings/:id/documents",
    request: async (f, role) => {
      const agent = role === "admin" ? f.admin.agent : f.member.agent;
      const url = role === "anonymous" ? "/api/documents/files/x" : await uploadDocumentFile(agent, "rent-roll.csv", RENT_ROLL_CSV);
      return { ...(await onListing("/documents")(f)), body: { url, title: "Rent roll", level: "ca" } };
    },
    expect: signedIn(201),
  },
  {
    route: "PATCH /api/listings/:id/documents/:docId",
    request: async (f) => ({ ...(await onDocument()(f)), body: { level: "approved" } }),
    expect: signedIn(200),
  },
  { route: "DELETE /api/listings/:id/documents/:docId", request: onDocument(), expect: signedIn(204) },
  { route: "GET /api/listings/:id/documents/:docId/versions", request: onDocument("/versions"), expect: signedIn(200) },
  {
    route: "POST /api/listings/:id/documents/:docId/versions",
    request: async (f, role) => {
      const agent = role === "admin" ? f.admin.agent : f.member.agent;
      const url = role === "anonymous" ? "/api/documents/files/x" : await uploadDocumentFile(agent, "rent-roll.csv", RENT_ROLL_CSV);
      return { ...(await onDocument("/versions")(f)), body: { url } };
    },
    expect: signedIn(201),
  },
  { route: "GET /api/listings/:id/documents/:docId/versions/:n/file", request: onDocument("/versions/1/file"), expect: signedIn(200) },
];
