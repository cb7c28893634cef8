// The deal room's documents (docs/guides/deal-room.md) over a real database and real uploads:
// what may be attached, the limits, versions and their SHA-256, who may do what, the timeline,
// and that no document ever shows on the public page, its sitemap or its preview image.
import { createHash } from "node:crypto";
import http from "node:http";
import { and, eq } from "drizzle-orm";
import PDFKit from "pdfkit";
import { PDFDocument } from "pdf-lib";
import sharp from "sharp";
import supertest from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DOCUMENT_TOO_LARGE_MESSAGE,
  MAX_DOCUMENT_BYTES,
  MAX_DOCUMENTS_PER_LISTING,
  TOO_MANY_DOCUMENTS_MESSAGE,
  type DocumentVersion,
  type ListingDocument,
} from "../../../shared/documents.js";
import { auditEvents, documentUploads, listingDocuments } from "../../db/tables.js";
import { temporaryStorage } from "../../integrations/storage/local-storage.js";
import type { LocalObjectStorage } from "../../integrations/storage/object-storage.js";
import { createListing } from "../../test/factories.js";
import { createTestContext, type TestClient, type TestContext } from "../../test/test-app.js";
import { TINY_PNG } from "../../test/uploads.js";
import { deflatedPart, zipOf } from "../imports/import-fixtures.js";
import { DAMAGED_PDF_NOTE, ENCRYPTED_PDF_NOTE, NOT_A_PDF, NOT_CSV, NOT_THAT_IMAGE } from "./file-checks.js";
import { addDocument, RENT_ROLL_CSV, uploadDocumentFile } from "./test-documents.js";

let ctx: TestContext;
let storage: LocalObjectStorage;
let member: TestClient;
let otherMember: TestClient;
let server: http.Server;

beforeAll(async () => {
  storage = temporaryStorage();
  ctx = await createTestContext({ storage });
  member = (await ctx.userAgent()).agent;
  otherMember = (await ctx.userAgent()).agent;
  server = http.createServer(ctx.app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await ctx.close();
});

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");
const binary = ((res: NodeJS.ReadableStream, done: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on("data", (c: Buffer) => chunks.push(c));
  res.on("end", () => done(null, Buffer.concat(chunks)));
}) as unknown as Parameters<supertest.Test["parse"]>[0];

async function pdfOf(pages: number, text = "Offering memorandum"): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  for (let i = 0; i < pages; i++) pdf.addPage().drawText(`${text}, page ${i + 1}`, { x: 50, y: 700 });
  return Buffer.from(await pdf.save());
}

/** A password-protected PDF, as pdfkit writes one. */
function encryptedPdf(): Promise<Buffer> {
  return new Promise((resolve) => {
    const doc = new PDFKit({ userPassword: "owner-only", ownerPassword: "owner-only", pdfVersion: "1.7" });
    const chunks: Buffer[] = [];
    doc.on("data", (c: Buffer) => chunks.push(c));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.text("Secret rent roll");
    doc.end();
  });
}

const CONTENT_TYPES = (main: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/main.xml" ContentType="${main}"/></Types>`;
const XLSX_MAIN = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml";
const DOCX_MAIN = "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml";
const officeFile = (main: string) => zipOf([deflatedPart("[Content_Types].xml", CONTENT_TYPES(main)), deflatedPart("main.xml", "<x/>")]);

const documentsOf = async (listingId: string): Promise<ListingDocument[]> => (await member.get(`/api/listings/${listingId}/documents`).expect(200)).body;
const entriesOf = async (listingId: string, kind: string) =>
  ctx.db.select().from(auditEvents).where(and(eq(auditEvents.listingId, listingId), eq(auditEvents.kind, kind)));
const attach = (listingId: string, url: string, fields: Record<string, unknown> = {}, as = member) =>
  as.post(`/api/listings/${listingId}/documents`).send({ url, title: "Offering memorandum", level: "ca", ...fields });

describe("adding a document", () => {
  it("records a PDF's size, type, SHA-256 (of the stored bytes) and page count, and says so on the timeline", async () => {
    const listing = await createListing(ctx.db);
    const bytes = await pdfOf(3);
    const url = await uploadDocumentFile(member, "OM.pdf", bytes);
    const res = await attach(listing.id, url, { folder: "  Marketing ", downloadable: false }).expect(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      listingId: listing.id,
      title: "Offering memorandum",
      folder: "Marketing",
      level: "ca",
      downloadable: false,
      version: 1,
      fileName: "OM.pdf",
      size: bytes.length,
      contentType: "application/pdf",
      sha256: sha256(bytes),
      pageCount: 3,
      note: null,
      createdAt: expect.any(String),
      createdBy: { id: expect.any(Number), username: expect.any(String) },
      updatedAt: expect.any(String),
    });
    expect(await documentsOf(listing.id)).toEqual([res.body]);
    const [entry] = await entriesOf(listing.id, "listing.document-added");
    expect(entry.data).toMatchObject({ documentId: res.body.id, title: "Offering memorandum", level: "ca", sha256: sha256(bytes) });
  });

  it("takes an .xlsx, a .docx, a .csv and JPEG, PNG and WebP images when their bytes are what their names say", async () => {
    const listing = await createListing(ctx.db);
    const jpeg = await sharp(TINY_PNG).jpeg().toBuffer();
    const webp = await sharp(TINY_PNG).webp().toBuffer();
    const files: [string, Buffer, string][] = [
      ["T-12.xlsx", officeFile(XLSX_MAIN), "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"],
      ["Lease.docx", officeFile(DOCX_MAIN), "application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
      ["rent-roll.CSV", RENT_ROLL_CSV, "text/csv"],
      ["aerial.jpg", jpeg, "image/jpeg"],
      ["site.png", TINY_PNG, "image/png"],
      ["survey.webp", webp, "image/webp"],
    ];
    for (const [fileName, bytes, contentType] of files) {
      const doc = await addDocument(member, listing.id, { fileName, bytes }, { title: fileName });
      expect(doc).toMatchObject({ contentType, size: bytes.length, sha256: sha256(bytes), pageCount: null, note: null });
    }
    expect(await documentsOf(listing.id)).toHaveLength(files.length);
  });

  it("refuses a file that is not what its extension says, deletes its bytes and adds nothing", async () => {
    const listing = await createListing(ctx.db);
    const cases: [string, Buffer, string][] = [
      ["OM.pdf", TINY_PNG, NOT_A_PDF],
      ["T-12.xlsx", officeFile(DOCX_MAIN), "That file is not an Excel .xlsx workbook, whatever its name says"],
      ["T-12.xlsx", zipOf([deflatedPart("a.txt", "hello")]), "That file is not an Excel .xlsx workbook, whatever its name says"],
      ["Lease.docx", await pdfOf(1), "That file is not a Word .docx document, whatever its name says"],
      ["rent-roll.csv", TINY_PNG, NOT_CSV],
      ["aerial.jpg", TINY_PNG, NOT_THAT_IMAGE],
      ["logo.png", Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"), NOT_THAT_IMAGE],
    ];
    for (const [fileName, bytes, message] of cases) {
      const url = await uploadDocumentFile(member, fileName, bytes);
      const res = await attach(listing.id, url).expect(415);
      expect(res.body.message).toBe(message);
      const key = url.split("/").pop()!;
      expect(await storage.stat(`docs/${key}`)).toBeNull();
      expect(await storage.stat(`docsin/${key}`)).toBeNull();
      // The link is spent with its file: attaching it again finds no upload.
      await attach(listing.id, url).expect(400);
    }
    expect(await documentsOf(listing.id)).toEqual([]);
    expect(await entriesOf(listing.id, "listing.document-added")).toEqual([]);
  });

  it("refuses a file name of a type not taken before any upload link is issued", async () => {
    for (const fileName of ["setup.exe", "page.html", "OM.pdf.js", "no-extension"]) {
      const res = await member.post("/api/documents/upload").send({ fileName, size: 10 }).expect(400);
      expect(res.body.message).toBe("Upload a PDF, an Excel .xlsx, a .csv, a Word .docx or a JPEG, PNG or WebP image");
    }
  });

  it("keeps a password-protected or damaged PDF for the team only, says why, and will not open it to buyers", async () => {
    const listing = await createListing(ctx.db);
    const encrypted = await addDocument(member, listing.id, { fileName: "OM.pdf", bytes: await encryptedPdf() }, { level: "public" });
    expect(encrypted).toMatchObject({ level: "team", note: ENCRYPTED_PDF_NOTE, pageCount: null });
    const damaged = Buffer.from("%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 9 0 R >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n");
    const broken = await addDocument(member, listing.id, { fileName: "T-12.pdf", bytes: damaged }, { level: "ca" });
    expect(broken).toMatchObject({ level: "team", note: DAMAGED_PDF_NOTE, sha256: sha256(damaged) });

    const res = await member.patch(`/api/listings/${listing.id}/documents/${encrypted.id}`).send({ level: "ca" }).expect(400);
    expect(res.body.message).toBe(ENCRYPTED_PDF_NOTE);
    expect((await documentsOf(listing.id)).map((d) => d.level)).toEqual(["team", "team"]);
    const [entry] = await entriesOf(listing.id, "listing.document-added");
    expect(entry.data).toMatchObject({ level: "team", forcedTeam: true });
  });
});

describe("limits", () => {
  it("refuses an upload link for a file over 100 MB, and a stored file over 100 MB when it is attached", async () => {
    const ticket = await member.post("/api/documents/upload").send({ fileName: "scan.pdf", size: MAX_DOCUMENT_BYTES + 1 }).expect(400);
    expect(ticket.body.message).toBe(DOCUMENT_TOO_LARGE_MESSAGE);

    const listing = await createListing(ctx.db);
    const { body } = await member.post("/api/documents/upload").send({ fileName: "scan.pdf", size: 1000 }).expect(200);
    // The browser may send more than it declared: the local link stops at the cap, a bucket's cannot.
    await storage.put(`docsin/${body.url.split("/").pop()}`, Buffer.alloc(MAX_DOCUMENT_BYTES + 1, 0x20), "application/pdf");
    const res = await attach(listing.id, body.url).expect(413);
    expect(res.body.message).toBe(DOCUMENT_TOO_LARGE_MESSAGE);
    expect(await documentsOf(listing.id)).toEqual([]);
  });

  it("refuses a local upload that says it is over 100 MB before reading it", async () => {
    const { body } = await member.post("/api/documents/upload").send({ fileName: "scan.pdf", size: 1000 }).expect(200);
    const res = await member.put(body.uploadURL).set("Content-Length", String(MAX_DOCUMENT_BYTES + 1)).send(Buffer.alloc(10)).ok(() => true);
    expect(res.status).toBe(413);
  });

  it("refuses a 201st document with a message that says what to do, leaving the upload to attach elsewhere", async () => {
    const listing = await createListing(ctx.db);
    await ctx.db.insert(listingDocuments).values(
      Array.from({ length: MAX_DOCUMENTS_PER_LISTING }, (_, i) => ({ listingId: listing.id, title: `Doc ${i}`, level: "team" as const })),
    );
    const url = await uploadDocumentFile(member, "rent-roll.csv", RENT_ROLL_CSV);
    const res = await attach(listing.id, url).expect(400);
    expect(res.body.message).toBe(TOO_MANY_DOCUMENTS_MESSAGE);
    const other = await createListing(ctx.db);
    await attach(other.id, url).expect(201);
  });
});

describe("versions", () => {
  it("keeps every version: the list, each one's SHA-256 and bytes, and the timeline", async () => {
    const listing = await createListing(ctx.db);
    const first = await pdfOf(2, "Version one");
    const second = await pdfOf(4, "Version two");
    const doc = await addDocument(member, listing.id, { fileName: "OM.pdf", bytes: first });
    const url = await uploadDocumentFile(member, "OM-v2.pdf", second);
    const res = await member.post(`/api/listings/${listing.id}/documents/${doc.id}/versions`).send({ url }).expect(201);
    expect(res.body).toMatchObject({ id: doc.id, version: 2, fileName: "OM-v2.pdf", sha256: sha256(second), pageCount: 4, level: "ca", title: doc.title });

    const versions: DocumentVersion[] = (await member.get(`/api/listings/${listing.id}/documents/${doc.id}/versions`).expect(200)).body;
    expect(versions.map((v) => [v.version, v.sha256, v.pageCount])).toEqual([
      [2, sha256(second), 4],
      [1, sha256(first), 2],
    ]);
    for (const [n, bytes] of [[1, first], [2, second]] as const) {
      const file = await member.get(versions.find((v) => v.version === n)!.fileUrl).buffer(true).parse(binary).expect(200);
      expect(sha256(file.body as Buffer)).toBe(sha256(bytes));
      expect(file.headers["content-type"]).toBe("application/pdf");
      expect(file.headers["content-disposition"]).toMatch(/^attachment;/);
    }
    await member.get(`/api/listings/${listing.id}/documents/${doc.id}/versions/3/file`).expect(404);
    const [entry] = await entriesOf(listing.id, "listing.document-version-added");
    expect(entry.data).toMatchObject({ documentId: doc.id, version: 2, sha256: sha256(second) });
  });

  it("a version that is a damaged PDF takes its document back to the team, and says so", async () => {
    const listing = await createListing(ctx.db);
    const doc = await addDocument(member, listing.id, { fileName: "OM.pdf", bytes: await pdfOf(1) }, { level: "public" });
    const url = await uploadDocumentFile(member, "OM.pdf", Buffer.from("%PDF-1.4\nnot really\n"));
    const res = await member.post(`/api/listings/${listing.id}/documents/${doc.id}/versions`).send({ url }).expect(201);
    expect(res.body).toMatchObject({ version: 2, level: "team", note: DAMAGED_PDF_NOTE });
    const [entry] = await entriesOf(listing.id, "listing.document-version-added");
    expect(entry.data).toMatchObject({ level: { from: "public", to: "team" }, forcedTeam: true });
  });
});

describe("editing and deleting", () => {
  it("writes a level change and other edits as their own timeline entries; a PATCH that changes nothing writes none", async () => {
    const listing = await createListing(ctx.db);
    const doc = await addDocument(member, listing.id);
    const path = `/api/listings/${listing.id}/documents/${doc.id}`;
    const res = await member.patch(path).send({ level: "approved", title: "Rent roll (June)", folder: "Financials", downloadable: false }).expect(200);
    expect(res.body).toMatchObject({ level: "approved", title: "Rent roll (June)", folder: "Financials", downloadable: false, version: 1 });
    const [level] = await entriesOf(listing.id, "listing.document-level-changed");
    expect(level.data).toMatchObject({ documentId: doc.id, level: { from: "ca", to: "approved" } });
    const [edit] = await entriesOf(listing.id, "listing.document-edited");
    expect(edit.data).toMatchObject({ edits: { title: { from: "Rent roll", to: "Rent roll (June)" }, folder: { from: "", to: "Financials" }, downloadable: { from: true, to: false } } });
    await member.patch(path).send({ level: "approved" }).expect(200);
    expect(await entriesOf(listing.id, "listing.document-level-changed")).toHaveLength(1);
    await member.patch(path).send({ level: "everyone" }).expect(400);
    await member.patch(path).send({ title: "" }).expect(400);
    await member.patch(path).send({ url: "/elsewhere" }).expect(400);
  });

  it("deletes a document with all its versions and their files", async () => {
    const listing = await createListing(ctx.db);
    const doc = await addDocument(member, listing.id);
    const url = await uploadDocumentFile(member, "rent-roll.csv", Buffer.from("Unit,Rent\n1,2\n"));
    await member.post(`/api/listings/${listing.id}/documents/${doc.id}/versions`).send({ url }).expect(201);
    await member.delete(`/api/listings/${listing.id}/documents/${doc.id}`).expect(204);
    expect(await documentsOf(listing.id)).toEqual([]);
    await member.get(`/api/listings/${listing.id}/documents/${doc.id}/versions/1/file`).expect(404);
    expect(await storage.stat(`docs/${url.split("/").pop()}`)).toBeNull();
    const [entry] = await entriesOf(listing.id, "listing.document-deleted");
    expect(entry.data).toMatchObject({ documentId: doc.id, title: "Rent roll", versions: 2 });
  });

  it("finds a document only under its own listing", async () => {
    const listing = await createListing(ctx.db);
    const other = await createListing(ctx.db);
    const doc = await addDocument(member, listing.id);
    await member.patch(`/api/listings/${other.id}/documents/${doc.id}`).send({ title: "Moved" }).expect(404);
    await member.delete(`/api/listings/${other.id}/documents/${doc.id}`).expect(404);
    await member.get(`/api/listings/${other.id}/documents/${doc.id}/versions/1/file`).expect(404);
    await member.get(`/api/listings/00000000-0000-4000-8000-000000000000/documents`).expect(404);
  });
});

describe("upload links", () => {
  it("are single-use and their issuer's alone", async () => {
    const listing = await createListing(ctx.db);
    const { body } = await member.post("/api/documents/upload").send({ fileName: "rent-roll.csv", size: RENT_ROLL_CSV.length }).expect(200);
    await otherMember.put(body.uploadURL).send(RENT_ROLL_CSV).expect(403);
    await member.put(body.uploadURL).send(RENT_ROLL_CSV).expect(200);
    await member.put(body.uploadURL).send(RENT_ROLL_CSV).expect(409);
    await member.put(body.uploadURL.replace(/signature=[^&]+/, "signature=forged")).send(RENT_ROLL_CSV).expect(403);
    // Another member cannot attach it either; its issuer can, once.
    await attach(listing.id, body.url, {}, otherMember).expect(403);
    await attach(listing.id, body.url).expect(201);
    await attach(listing.id, body.url).expect(400);
    expect(await ctx.db.select().from(documentUploads).where(eq(documentUploads.key, body.url.split("/").pop()))).toEqual([]);
  });

  it("refuses to attach a link whose file never arrived, or an address that is not an upload", async () => {
    const listing = await createListing(ctx.db);
    const { body } = await member.post("/api/documents/upload").send({ fileName: "rent-roll.csv", size: 10 }).expect(200);
    expect((await attach(listing.id, body.url).expect(400)).body.message).toBe("That file has not finished uploading. Please upload it again.");
    await attach(listing.id, "/api/objects/images/00000000-0000-4000-8000-000000000000").expect(400);
    await attach(listing.id, "https://example.com/OM.pdf").expect(400);
    expect(await documentsOf(listing.id)).toEqual([]);
  });
});

describe("documents never leave through the public page", () => {
  it("a team document's title and address are nowhere in the page, its JSON-LD, the sitemap or the preview image", async () => {
    const listing = await createListing(ctx.db, { listingName: "Sentinel Plaza", city: "Morgantown", state: "WV" });
    const sentinel = "SENTINEL-TEAM-DOCUMENT-5f2c";
    const doc = await addDocument(member, listing.id, { fileName: `${sentinel}.pdf`, bytes: await pdfOf(1, sentinel) }, { title: sentinel, level: "team", folder: sentinel });
    const publicDoc = await addDocument(member, listing.id, { fileName: "brochure.pdf", bytes: await pdfOf(1) }, { title: "PUBLIC-DOC-SENTINEL-91", level: "public" });
    const published = await member.put(`/api/listings/${listing.id}/publication`).send({ published: true, indexable: true }).expect(200);
    const page = new URL(published.body.url).pathname;
    const anonymous = () => supertest(server);

    const html = (await anonymous().get(page).expect(200)).text;
    const sitemap = (await anonymous().get("/sitemap.xml").expect(200)).text;
    const og = (await anonymous().get(`${page}/og.jpg`).buffer(true).parse(binary).expect(200)).body as Buffer;
    expect(html).toContain("Sentinel Plaza");
    expect(sitemap).toContain(page);
    const versions: DocumentVersion[] = (await member.get(`/api/listings/${listing.id}/documents/${doc.id}/versions`).expect(200)).body;
    const needles = [sentinel, doc.sha256, versions[0].fileUrl, `/documents/${doc.id}`, "/api/documents/", "PUBLIC-DOC-SENTINEL-91", publicDoc.sha256];
    for (const needle of needles) {
      expect(html).not.toContain(needle);
      expect(sitemap).not.toContain(needle);
      expect(og.includes(needle)).toBe(false);
    }
    // The file itself answers no one who is not signed in.
    await anonymous().get(versions[0].fileUrl).expect(401);
    await anonymous().get(`/api/listings/${listing.id}/documents`).expect(401);
  });
});
