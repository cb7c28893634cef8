// The buyer's room end to end through the app: which documents each grant level reaches (never
// `team`), every file authorised on every request (403 on the next one after a revocation, an
// expiry or a closed deal, with nothing cached in between), PDFs stamped with the viewer on every
// page, the log of views and downloads, the recall list, the first OM open heard by the agent,
// and a `team` sentinel probed on every buyer path.
import { execFileSync } from "node:child_process";
import { and, eq } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import sharp from "sharp";
import supertest from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RoomActivity } from "../../../shared/deal-room.js";
import type { PublicUser } from "../../../shared/schema.js";
import { auditEvents, documentVersions, notifications, rateLimitCounters, roomGrants } from "../../db/tables.js";
import { temporaryStorage } from "../../integrations/storage/local-storage.js";
import { escapeHtml } from "../../http/html-text.js";
import { createAgent, createListing } from "../../test/factories.js";
import { createTestContext, type TestClient, type TestContext } from "../../test/test-app.js";
import { TIMEOUT } from "../../../testing/timeouts.ts";
import { addDocument, uploadDocumentFile } from "../documents/test-documents.js";
import { UNREADABLE_PAGES } from "./page-images.js";
import { renderPage } from "./page-render.js";
import { hashToken, newToken } from "./tokens.js";

let ctx: TestContext;
let admin: { user: PublicUser; agent: TestClient };
let member: { user: PublicUser; agent: TestClient };
let profileId: string;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.userAgent({ isAdmin: true });
  member = await ctx.userAgent();
  const profile = await createAgent(ctx.db, { name: "Marcus Reed", email: member.user.email });
  await admin.agent.patch(`/api/agents/${profile.id}`).send({ userId: member.user.id }).expect(200);
  profileId = profile.id;
});
afterAll(async () => {
  await ctx.close();
});

const anonymous = () => supertest(ctx.app);
let n = 0;
const uniq = () => `${++n}${Math.random().toString(36).slice(2, 7)}`;
const binary = ((res: NodeJS.ReadableStream, cb: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on("data", (c: Buffer) => chunks.push(c));
  res.on("end", () => cb(null, Buffer.concat(chunks)));
}) as unknown as Parameters<supertest.Test["parse"]>[0];
const get = (path: string) => anonymous().get(path).buffer(true).parse(binary);
const pagesText = (pdf: Buffer) => execFileSync("pdftotext", ["-layout", "-", "-"], { input: pdf }).toString("utf8").split("\f").slice(0, -1);

async function pdfOf(pages: number, text: string): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  for (let i = 0; i < pages; i++) pdf.addPage().drawText(`${text}, page ${i + 1}`, { x: 50, y: 700 });
  return Buffer.from(await pdf.save());
}

/** A listing whose agent is `member`'s profile, with one document at each level. */
async function roomWithDocuments() {
  const listing = await createListing(ctx.db, { listingName: `Harbor Point ${uniq()}`, agentId: profileId });
  await member.agent.put(`/api/listings/${listing.id}/room`).send({ enabled: true, approval: "auto" }).expect(200);
  const add = async (title: string, level: string, folder: string, downloadable = true, pages = 2) =>
    addDocument(member.agent, listing.id, { fileName: `${title.toLowerCase().replace(/\W+/g, "-")}.pdf`, bytes: await pdfOf(pages, title) }, { title, level, folder, downloadable });
  const docs = {
    brochure: await add("Brochure", "public", "Marketing"),
    om: await add("Offering memorandum", "ca", "Marketing", false, 3),
    rentRoll: await addDocument(member.agent, listing.id, undefined, { title: "Rent roll", level: "ca", folder: "Financials", downloadable: true }),
    leases: await add("Leases", "approved", "Leases"),
    team: await add("Pricing notes", "team", "Internal"),
  };
  return { listing, docs };
}

/** A grant let in by a member, with a room token the test knows. */
async function grantFor(listingId: string, level: "ca" | "approved") {
  const email = `priya${uniq()}@example.com`;
  const made = await member.agent.post(`/api/listings/${listingId}/room/grants`).send({ name: "Priya Natarajan", email, company: "Natarajan Capital", source: "waived", level }).expect(201);
  const token = newToken();
  await ctx.db.update(roomGrants).set({ tokenHash: hashToken(token) }).where(eq(roomGrants.id, made.body.id));
  return { id: made.body.id as number, email, room: `/r/${token}` };
}

const patchGrant = (listingId: string, id: number, body: Record<string, unknown>) => member.agent.patch(`/api/listings/${listingId}/room/grants/${id}`).send(body).expect(200);

// Each test stamps PDFs in worker threads and makes dozens of requests: tens of seconds on a shared machine.
describe("the buyer's room", { timeout: TIMEOUT.slow }, () => {
  it("lists by folder the documents each level reaches, and answers the same 404 for any other, team included", async () => {
    const { listing, docs } = await roomWithDocuments();
    // By folder, then title.
    const reach = { ca: [docs.rentRoll, docs.brochure, docs.om], approved: [docs.rentRoll, docs.leases, docs.brochure, docs.om] };
    for (const level of ["ca", "approved"] as const) {
      const grant = await grantFor(listing.id, level);
      const page = await anonymous().get(grant.room).expect(200);
      expect(page.headers["cache-control"]).toBe("no-store");
      expect(page.text).toContain(listing.listingName);
      const titles = [...page.text.matchAll(/<span class="t">([^<]+)<\/span>/g)].map((m) => m[1]);
      expect(titles).toEqual(reach[level].map((d) => d.title));
      expect([...page.text.matchAll(/<h2>([^<]+)<\/h2>/g)].map((m) => m[1])).toEqual(level === "ca" ? ["Financials", "Marketing"] : ["Financials", "Leases", "Marketing"]);
      for (const doc of Object.values(docs)) {
        const reached = reach[level].some((d) => d.id === doc.id);
        const viewed = await get(`${grant.room}/documents/${doc.id}`);
        expect(viewed.status, `${level} viewing ${doc.title}`).toBe(reached && doc.contentType === "application/pdf" ? 200 : 404);
      }
    }
    const unknown = await anonymous().get(`/r/${newToken()}/documents/${docs.brochure.id}`).expect(404);
    expect(unknown.text).toBe((await anonymous().get("/l/no-such-page").expect(404)).text);
  });

  it("serves a PDF stamped with the viewer on every page, inline; view-only has no download; a spreadsheet is download-only", async () => {
    const { listing, docs } = await roomWithDocuments();
    const grant = await grantFor(listing.id, "ca");
    const page = await anonymous().get(grant.room).expect(200);
    expect(page.text).not.toContain(`/documents/${docs.om.id}?download=1`);
    expect(page.text).toContain(`/documents/${docs.rentRoll.id}?download=1`);

    const viewed = await get(`${grant.room}/documents/${docs.brochure.id}`).expect(200);
    expect(viewed.headers).toMatchObject({ "content-type": "application/pdf", "cache-control": "private, no-store", "x-content-type-options": "nosniff" });
    expect(viewed.headers["content-disposition"]).toMatch(/^inline; filename="brochure.pdf"/);
    const pages = pagesText(viewed.body as Buffer);
    expect(pages).toHaveLength(2);
    for (const [i, text] of pages.entries()) {
      expect(text, `page ${i + 1}`).toContain(grant.email);
      expect(text).toContain("Natarajan Capital");
      expect(text).toContain(listing.listingName);
      expect(text).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
    }
    // Stamped once per grant and version: the next request is the same bytes (the first stamp's time).
    expect((await get(`${grant.room}/documents/${docs.brochure.id}`).expect(200)).body).toEqual(viewed.body);
    // A view-only PDF never leaves as a file: its view is the page viewer, its download a 404.
    const om = await anonymous().get(`${grant.room}/documents/${docs.om.id}`).expect(200);
    expect(om.headers["content-type"]).toMatch(/^text\/html/);
    await get(`${grant.room}/documents/${docs.om.id}?download=1`).expect(404);

    await get(`${grant.room}/documents/${docs.rentRoll.id}`).expect(404);
    const csv = await get(`${grant.room}/documents/${docs.rentRoll.id}?download=1`).expect(200);
    expect(csv.headers["content-disposition"]).toMatch(/^attachment; filename="rent-roll.csv"/);
    expect(csv.headers["cache-control"]).toBe("private, no-store");
    const brochure = await get(`${grant.room}/documents/${docs.brochure.id}?download=1`).expect(200);
    expect(brochure.headers["content-disposition"]).toMatch(/^attachment/);
    expect(pagesText(brochure.body as Buffer).every((t) => t.includes(grant.email))).toBe(true);
  });

  it("shows a view-only PDF page by page as images stamped with the viewer, never the file; one view is logged", async () => {
    const { listing, docs } = await roomWithDocuments();
    const grant = await grantFor(listing.id, "ca");
    const other = await grantFor(listing.id, "ca");
    const base = `${grant.room}/documents/${docs.om.id}`;
    const viewer = await anonymous().get(base).expect(200);
    expect(viewer.headers["cache-control"]).toBe("no-store");
    const images = [...viewer.text.matchAll(/<img src="([^"]+)" width="(\d+)" height="(\d+)" alt="Page (\d) of 3[^"]*"( loading="lazy")?/g)];
    expect(images.map((m) => [m[1], m[2], m[3], Boolean(m[5])])).toEqual([
      [`${base}/pages/1`, "1200", "1697", false],
      [`${base}/pages/2`, "1200", "1697", true],
      [`${base}/pages/3`, "1200", "1697", true],
    ]);
    expect(viewer.text).toContain("Page 3 of 3");
    expect(viewer.text).not.toMatch(/\.pdf|download=1/);

    const first = await get(`${base}/pages/1`).expect(200);
    expect(first.headers).toMatchObject({ "content-type": "image/webp", "cache-control": "private, no-store", "x-content-type-options": "nosniff" });
    const stamped = await sharp(first.body as Buffer).greyscale().raw().toBuffer({ resolveWithObject: true });
    expect(stamped.info).toMatchObject({ width: 1200, height: 1697 });
    // The same page drawn from the original, with no stamp: the footer band is blank there and
    // inked in the buyer's image, and the page as a whole differs.
    const plain = (await renderPage(await pdfOf(3, "Offering memorandum"), 1))!;
    const unstamped = await sharp(Buffer.from(plain.image)).greyscale().raw().toBuffer();
    const inked = (pixels: Buffer, from: number, to: number) => pixels.subarray(from * 1200, to * 1200).filter((v) => v < 200).length;
    const footer = [1697 - 60, 1697] as const;
    expect(inked(unstamped, ...footer)).toBe(0);
    expect(inked(stamped.data, ...footer)).toBeGreaterThan(500);
    expect(inked(stamped.data, 0, 1697)).toBeGreaterThan(inked(unstamped, 0, 1697) + 1000);
    // Another buyer's stamp is another image; the same buyer's next request is the cached one.
    expect((await get(`${other.room}/documents/${docs.om.id}/pages/1`).expect(200)).body).not.toEqual(first.body);
    expect((await get(`${base}/pages/1`).expect(200)).body).toEqual(first.body);
    await get(`${base}/pages/3`).expect(200);

    for (const page of ["4", "0", "x", "1.5"]) await get(`${base}/pages/${page}`).expect(404);
    // A downloadable PDF is a stamped file, not pages; a team document is unknown.
    await get(`${grant.room}/documents/${docs.brochure.id}/pages/1`).expect(404);
    await get(`${grant.room}/documents/${docs.team.id}/pages/1`).expect(404);

    // The viewer is one view; its pages are not logged one by one.
    const activity = (await member.agent.get(`/api/listings/${listing.id}/room/activity`).expect(200)).body as RoomActivity;
    expect(activity.entries.filter((e) => e.grantId === grant.id).map((e) => [e.title, e.action])).toEqual([["Offering memorandum", "view"]]);

    // Revoked: the next page, cached or not, is refused.
    await patchGrant(listing.id, grant.id, { status: "revoked" });
    const ended = await get(`${base}/pages/1`).expect(403);
    expect(ended.body.toString()).toContain("Your access has ended");
    await get(`${base}/pages/2`).expect(403);
  });

  it("says clearly when a view-only PDF's pages cannot be drawn", async () => {
    const { listing, docs } = await roomWithDocuments();
    const grant = await grantFor(listing.id, "ca");
    // The stored file damaged after it was checked (a bucket's bit rot, a bad restore).
    const [version] = await ctx.db.select().from(documentVersions).where(eq(documentVersions.documentId, docs.om.id));
    await temporaryStorage().put(version.storageKey, Buffer.from("%PDF-1.7\nnot a pdf at all\n%%EOF\n"), "application/pdf");
    const shown = await anonymous().get(`${grant.room}/documents/${docs.om.id}`).expect(422);
    expect(shown.text).toContain(escapeHtml(UNREADABLE_PAGES));
    const page = await anonymous().get(`${grant.room}/documents/${docs.om.id}/pages/1`).expect(422);
    expect(page.text).toBe(UNREADABLE_PAGES);
  });

  it("asks the grant on every request: revoked, expired or closed is a 403 on the very next one", async () => {
    const { listing, docs } = await roomWithDocuments();
    const path = (g: { room: string }) => `${g.room}/documents/${docs.om.id}`;

    const revoked = await grantFor(listing.id, "ca");
    await get(path(revoked)).expect(200);
    await patchGrant(listing.id, revoked.id, { status: "revoked" });
    const ended = await get(path(revoked)).expect(403);
    expect(ended.headers["cache-control"]).toBe("no-store");
    expect(ended.body.toString()).toContain("Your access has ended — contact Marcus Reed");
    await anonymous().get(revoked.room).expect(403);

    const expired = await grantFor(listing.id, "ca");
    await get(path(expired)).expect(200);
    await ctx.db.update(roomGrants).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(roomGrants.id, expired.id));
    await get(path(expired)).expect(403);

    const lowered = await grantFor(listing.id, "approved");
    await get(`${lowered.room}/documents/${docs.leases.id}`).expect(200);
    await patchGrant(listing.id, lowered.id, { level: "ca" });
    await get(`${lowered.room}/documents/${docs.leases.id}`).expect(404);
    await member.agent.patch(`/api/listings/${listing.id}/documents/${docs.om.id}`).send({ level: "team" }).expect(200);
    await get(`${lowered.room}/documents/${docs.om.id}`).expect(404);

    await get(`${lowered.room}/documents/${docs.brochure.id}`).expect(200);
    await member.agent.patch(`/api/listings/${listing.id}`).send({ dealStage: "Closed" }).expect(200);
    await get(`${lowered.room}/documents/${docs.brochure.id}`).expect(403);
  });

  it("logs every view and download; members read it with the recall list, the funnel and the first OM open", async () => {
    const { listing, docs } = await roomWithDocuments();
    const early = await grantFor(listing.id, "ca");
    const late = await grantFor(listing.id, "ca");
    await anonymous().get(`${early.room}/documents/${docs.rentRoll.id}?download=1`).set("User-Agent", "Browser/1").expect(200);
    await anonymous().get(`${early.room}/documents/${docs.om.id}`).expect(200);
    await anonymous().get(`${early.room}/documents/${docs.om.id}`).expect(200);
    const url = await uploadDocumentFile(member.agent, "rent-roll.csv", Buffer.from("Unit,Tenant,Rent\n101,Acme Dental,4400\n"));
    await member.agent.post(`/api/listings/${listing.id}/documents/${docs.rentRoll.id}/versions`).send({ url }).expect(201);
    await anonymous().get(`${late.room}/documents/${docs.rentRoll.id}?download=1`).expect(200);

    // A HEAD (a link checker, a preview) opens nothing and logs nothing.
    await anonymous().head(`${early.room}/documents/${docs.om.id}`).expect(405);
    await anonymous().get(`/api/listings/${listing.id}/room/activity`).expect(401);
    const activity = (await member.agent.get(`/api/listings/${listing.id}/room/activity`).expect(200)).body as RoomActivity;
    expect(activity.entries.map((e) => [e.email, e.title, e.version, e.action])).toEqual([
      [late.email, "Rent roll", 2, "download"],
      [early.email, "Offering memorandum", 1, "view"],
      [early.email, "Offering memorandum", 1, "view"],
      [early.email, "Rent roll", 1, "download"],
    ]);
    expect(activity.entries[3]).toMatchObject({ userAgent: "Browser/1", currentVersion: 2, grantId: early.id });
    expect(activity.recall).toEqual([{ documentId: docs.rentRoll.id, title: "Rent roll", currentVersion: 2, holders: [expect.objectContaining({ grantId: early.id, email: early.email, version: 1 })] }]);
    expect(activity.funnel).toMatchObject({ approved: 2, openedOm: 1 });

    // The first OM open, once: a bell notice for the agent's member and a timeline entry.
    const notices = await ctx.db.select().from(notifications).where(and(eq(notifications.userId, member.user.id), eq(notifications.listingId, listing.id)));
    expect(notices.filter((x) => x.message.includes("opened the offering memorandum"))).toHaveLength(1);
    const entries = await ctx.db.select().from(auditEvents).where(and(eq(auditEvents.listingId, listing.id), eq(auditEvents.kind, "listing.room-om-opened")));
    expect(entries).toHaveLength(1);
  });

  it("never lets a buyer reach a team document: a sentinel is probed on every buyer path", async () => {
    const sentinel = `SENTINEL-TEAM-${uniq()}`;
    const listing = await createListing(ctx.db, { listingName: `Sentinel Plaza ${uniq()}`, agentId: profileId });
    await member.agent.put(`/api/listings/${listing.id}/room`).send({ enabled: true, approval: "auto" }).expect(200);
    const bytes = await pdfOf(1, sentinel);
    const team = await addDocument(member.agent, listing.id, { fileName: `${sentinel}.pdf`, bytes }, { title: sentinel, folder: sentinel, level: "team", downloadable: true });
    await addDocument(member.agent, listing.id, { fileName: "brochure.pdf", bytes: await pdfOf(1, "Brochure") }, { title: "Brochure", level: "public" });
    const published = await admin.agent.put(`/api/listings/${listing.id}/publication`).send({ published: true, indexable: true }).expect(200);
    const page = new URL(published.body.url).pathname;
    const grant = await grantFor(listing.id, "approved");

    const bodies = [
      (await anonymous().get(grant.room).expect(200)).text,
      (await anonymous().get(page).expect(200)).text, // the page and its JSON-LD
      (await anonymous().get("/sitemap.xml").expect(200)).text,
      ((await get(`${page}/og.jpg`).expect(200)).body as Buffer).toString("latin1"),
    ];
    for (const suffix of ["", "?download=1"]) {
      const res = await get(`${grant.room}/documents/${team.id}${suffix}`).expect(404);
      bodies.push((res.body as Buffer).toString("latin1"));
    }
    for (const body of bodies) {
      expect(body).not.toContain(sentinel);
      expect(body).not.toContain(team.sha256);
      expect(body).not.toContain(bytes.subarray(0, 200).toString("latin1").slice(40));
    }
  });

  it("counts only links that open nothing against the address: a buyer going through many documents is not limited", async () => {
    const { listing, docs } = await roomWithDocuments();
    const grant = await grantFor(listing.id, "ca");
    await ctx.db.delete(rateLimitCounters);
    for (let i = 0; i < 35; i++) {
      await anonymous().get(grant.room).expect(200);
      await get(`${grant.room}/documents/${docs.om.id}`).expect(200);
    }
    const guess = `/r/${newToken()}`;
    for (let i = 0; i < 60; i++) await anonymous().get(i % 2 ? guess : `${guess}/documents/${docs.om.id}`).expect(404);
    const refused = await anonymous().get(guess).expect(429);
    expect(refused.text).toContain("Too many requests from your address");
    // The good link still opens: its requests were never counted, and it is not refused for the guesses.
    await anonymous().get(grant.room).expect(200);
  });
});
