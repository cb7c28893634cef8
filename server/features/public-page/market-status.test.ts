// The deal's status as the outside sees it: for each
// deal stage, the page's words, badge and form, its JSON-LD, the preview image's caption, the
// flyer's band (read back with pdftotext), the 410 on every public path once the listing is
// withdrawn or expired, the closed page's "similar properties" inquiry, and a stage change that
// gives the page, its image and flyer new ETags at once.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import supertest from "supertest";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_BRAND } from "../../../shared/brand.js";
import type { DealStage } from "../../../shared/listing-fact-choices.js";
import type { Listing } from "../../../shared/schema.js";
import { inquiries, jobs, notifications, rateLimitCounters } from "../../db/tables.js";
import { createListing } from "../../test/factories.js";
import { createTestContext, type TestClient, type TestContext } from "../../test/test-app.js";
import { flyerContent } from "../flyer/flyer-content.js";
import { SEND_MAIL } from "../mail/service.js";
import { caption } from "./og-image.js";
import type { PageModel } from "./page-model.js";

let ctx: TestContext;
let member: TestClient;
// One server for every visitor's request: the page's key names its origin, port included.
let server: http.Server;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "market-status-"));
beforeAll(async () => {
  ctx = await createTestContext({ sendsMail: true });
  member = (await ctx.userAgent({ isAdmin: true })).agent;
  server = http.createServer(ctx.app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await ctx.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});
beforeEach(async () => {
  await ctx.db.delete(rateLimitCounters);
});

const anonymous = () => supertest(server);
const binary = ((res: NodeJS.ReadableStream, done: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on("data", (c: Buffer) => chunks.push(c));
  res.on("end", () => done(null, Buffer.concat(chunks)));
}) as unknown as Parameters<supertest.Test["parse"]>[0];

async function published(overrides: Partial<Listing> = {}) {
  const listing = await createListing(ctx.db, { listingName: "Riverside Plaza", city: "Morgantown", state: "WV", offeringType: "Sell", askingPrice: 1_250_000, ...overrides });
  const res = await member.put(`/api/listings/${listing.id}/publication`).send({ published: true }).expect(200);
  return { listing, path: new URL(res.body.url).pathname };
}

const setStage = (id: string, dealStage: DealStage | null) => ctx.afterChange(() => member.patch(`/api/listings/${id}`).send({ dealStage }).expect(200));

/** The flyer's text as a person reads it (pdftotext). */
async function flyerText(pagePath: string): Promise<{ text: string; etag: string }> {
  const res = await anonymous().get(`${pagePath}/flyer.pdf`).buffer(true).parse(binary).expect(200);
  const file = path.join(tmp, `${Math.random().toString(36).slice(2)}.pdf`);
  fs.writeFileSync(file, res.body as Buffer);
  return { text: execFileSync("pdftotext", [file, "-"], { encoding: "utf8" }), etag: res.headers.etag };
}

function availabilities(html: string): unknown[] {
  const ld = JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]) as { offers: unknown };
  const offers = (Array.isArray(ld.offers) ? ld.offers : [ld.offers]) as { availability?: string }[];
  return offers.map((o) => o.availability);
}

/** The preview image's caption (the SVG drawn over the cover) for a listing in this stage. */
async function captionOf(listing: Listing): Promise<string> {
  const content = flyerContent(listing, null, DEFAULT_BRAND);
  const model: PageModel = {
    url: "https://example.com/l/x",
    ogImageUrl: "https://example.com/l/x/og.jpg",
    siteName: "Listing Desk",
    content,
    listing,
    publishedAt: null,
    indexable: false,
    flyerGate: false,
    photos: [],
    logoPath: null,
    map: null,
    brand: DEFAULT_BRAND,
    promisedBy: null,
  };
  return (await caption(model)).toString("utf8");
}

const kicker = (html: string) => /<p class="kicker">([^<]*)/.exec(html)![1];

describe("the market status outside", () => {
  it.each([null, "Proposal", "Active"] as const)("deal stage %s reads as on the market: FOR SALE, the listing's own form, InStock", async (stage) => {
    const { listing, path: page } = await published({ dealStage: stage });
    const html = (await anonymous().get(page).expect(200)).text;
    expect(kicker(html)).toBe("For Sale");
    expect(html).not.toContain('class="badge"');
    expect(html).toContain("<h2>Ask about this listing</h2>");
    expect(availabilities(html)).toEqual(["https://schema.org/InStock"]);
    expect(await captionOf(listing)).toContain("For Sale: Riverside Plaza");
    expect((await flyerText(page)).text).toContain("FOR SALE");
  });

  it("Under Contract: the badge and back-up offers welcome, the form still there; the image and flyer say it too", async () => {
    const { listing, path: page } = await published({ offeringType: "Sell/Lease", leaseRate: 18.5, leaseRateUnit: "per SF/yr", dealStage: "Under Contract" });
    const html = (await anonymous().get(page).expect(200)).text;
    expect(kicker(html)).toBe("For Sale or Lease");
    expect(html).toContain('<p class="status"><span class="badge">Under Contract</span>Back-up offers welcome.</p>');
    expect(html).toContain("<h2>Ask about this listing</h2>");
    expect(html).toContain('<button type="submit">Send inquiry</button>');
    expect(availabilities(html)).toEqual(["https://schema.org/LimitedAvailability", "https://schema.org/LimitedAvailability"]);
    const svg = await captionOf(listing);
    expect(svg).toContain(">UNDER CONTRACT</text>");
    expect(svg).toContain("For Sale or Lease: Riverside Plaza");
    expect((await flyerText(page)).text).toContain("FOR SALE OR LEASE · UNDER CONTRACT");
  });

  it.each([
    ["Sell", "Sold"],
    ["Lease", "Leased"],
    ["Transfer", "Business Sold"],
    ["Sell/Lease", "Deal Closed"],
  ] as const)("Closed, offered as %s: %s, no offer left anywhere, and the form asks about similar properties", async (offeringType, words) => {
    const { listing, path: page } = await published({ offeringType, leaseRate: 18.5, leaseRateUnit: "per SF/yr", dealStage: "Closed" });
    const html = (await anonymous().get(page).expect(200)).text;
    expect(kicker(html)).toBe(words);
    expect(html).toContain(`<title>${words}: Riverside Plaza</title>`);
    expect(html).not.toMatch(/for (?:sale|lease)/i);
    expect(html).toContain("<h2>Ask us about similar properties</h2>");
    expect(html).not.toContain("<h2>Ask about this listing</h2>");
    expect(availabilities(html).every((a) => a === "https://schema.org/SoldOut")).toBe(true);
    expect(await captionOf(listing)).toContain(`${words}: Riverside Plaza`);
    const flyer = (await flyerText(page)).text;
    expect(flyer).toContain(words.toUpperCase());
    expect(flyer).not.toMatch(/FOR (?:SALE|LEASE)/);
  });

  it("a closed listing's inquiry is a lead, stored as about similar properties, and the team's bell says so", async () => {
    const { listing, path: page } = await published({ listingName: "Closed Corner", dealStage: "Closed" });
    const email = `sim${Math.random().toString(36).slice(2, 8)}@example.com`;
    const res = await anonymous().post(`${page}/inquiries`).type("form").send({ name: "Sam Seeker", email, role: "principal", message: "Anything like this in Fairmont?" }).expect(303);
    expect((await anonymous().get(res.headers.location.replace("#inquire", "")).expect(200)).text).toContain("Thank you. Your message was sent");
    const [row] = await ctx.db.select().from(inquiries).where(eq(inquiries.email, email));
    expect(row).toMatchObject({ listingId: listing.id, about: "similar", message: "Anything like this in Fairmont?" });
    const lead = (await member.get(`/api/leads/${row.leadId}`).expect(200)).body;
    expect(lead.inquiries[0].about).toBe("similar");
    const bells = await ctx.db.select().from(notifications).where(eq(notifications.leadId, row.leadId));
    expect(bells.length).toBeGreaterThan(0);
    // No agent is linked to this listing: the admins hear of it, and the notice says why.
    expect(bells[0].message).toBe("New inquiry from Sam Seeker about properties similar to Closed Corner — no agent is linked to this listing");
    const mails = (await ctx.db.select().from(jobs).where(eq(jobs.kind, SEND_MAIL))).map((j) => j.payload as { subject: string; text: string });
    const mail = mails.find((m) => m.text.includes("Anything like this in Fairmont?"));
    expect(mail?.subject).toBe("New inquiry from Sam Seeker about properties similar to Closed Corner");
    // An active listing's inquiry is about the listing itself.
    const active = await published({ listingName: "Open Corner" });
    const other = `act${Math.random().toString(36).slice(2, 8)}@example.com`;
    await anonymous().post(`${active.path}/inquiries`).send({ name: "Ana", email: other, role: "broker", message: "Rent roll?" }).expect(201);
    expect((await ctx.db.select().from(inquiries).where(eq(inquiries.email, other)))[0].about).toBe("listing");
  });

  it.each(["Withdrawn", "Expired"] as const)("%s: every public path answers 410 as an unpublished page does, and the sitemap leaves it out", async (stage) => {
    const { listing, path: page } = await published({ listingName: `Gone ${stage}` });
    await member.put(`/api/listings/${listing.id}/publication`).send({ published: true, indexable: true }).expect(200);
    await anonymous().get(page).expect(200);
    await setStage(listing.id, stage);
    const gone = await anonymous().get(page).expect(410);
    expect(gone.text).toContain("This listing is no longer available");
    for (const sub of ["og.jpg", "map.png", "photos/1", "logo", "flyer.pdf"]) await anonymous().get(`${page}/${sub}`).expect(410);
    const before = (await ctx.db.select().from(inquiries)).length;
    await anonymous().post(`${page}/inquiries`).type("form").send({ name: "Late", email: "late@example.com", role: "other", message: "Still there?" }).expect(410);
    await anonymous().post(`${page}/inquiries`).send({ name: "Late", email: "late@example.com", role: "other", message: "Still there?" }).expect(410);
    expect((await ctx.db.select().from(inquiries)).length).toBe(before);
    expect((await anonymous().get("/sitemap.xml").expect(200)).text).not.toContain(page);
    // Back on the market, the same link works again.
    await setStage(listing.id, "Active");
    await anonymous().get(page).expect(200);
  });

  it("posts written through the API follow the stage; a withdrawn listing's posts carry no link to its gone page", async () => {
    const { listing, path: page } = await published({ listingName: "Posted Plaza", propertyDescription: "A strip center on a signalized corner with ample parking." });
    const regenerate = async () => (await member.post(`/api/listings/${listing.id}/regenerate-posts`).expect(200)).body.posts as { text: string }[];
    expect((await regenerate()).filter((p) => p.text.includes(page))).toHaveLength(8);
    await setStage(listing.id, "Under Contract");
    const pending = await regenerate();
    expect(pending.every((p) => /under contract/i.test(p.text))).toBe(true);
    await setStage(listing.id, "Closed");
    const closed = await regenerate();
    expect(closed.every((p) => /\bsold\b/i.test(p.text) && !/for sale|#\w*ForSale/i.test(p.text))).toBe(true);
    await setStage(listing.id, "Withdrawn");
    expect((await regenerate()).some((p) => p.text.includes(page))).toBe(false);
    await member.post(`/api/listings/${listing.id}/posts/page-link`).expect(409);
  });

  it("a stage change set through the API gives the page, its preview image and its flyer new ETags at once", async () => {
    const { listing, path: page } = await published({ listingName: "Stage Change Center" });
    const first = await anonymous().get(page).expect(200);
    const og = await anonymous().get(`${page}/og.jpg`).buffer(true).parse(binary).expect(200);
    const flyer = await flyerText(page);
    expect(first.text).not.toContain('class="badge"');
    await anonymous().get(page).set("If-None-Match", first.headers.etag).expect(304);

    await setStage(listing.id, "Under Contract");
    const next = await anonymous().get(page).set("If-None-Match", first.headers.etag).expect(200);
    expect(next.headers.etag).not.toBe(first.headers.etag);
    expect(next.text).toContain('<span class="badge">Under Contract</span>');
    const nextOg = await anonymous().get(`${page}/og.jpg`).buffer(true).parse(binary).expect(200);
    expect(nextOg.headers.etag).not.toBe(og.headers.etag);
    expect(Buffer.compare(nextOg.body as Buffer, og.body as Buffer)).not.toBe(0);
    const nextFlyer = await flyerText(page);
    expect(nextFlyer.etag).not.toBe(flyer.etag);
    expect(flyer.text).not.toContain("UNDER CONTRACT");
    expect(nextFlyer.text).toContain("FOR SALE · UNDER CONTRACT");

    await setStage(listing.id, "Closed");
    const closed = await anonymous().get(page).set("If-None-Match", next.headers.etag).expect(200);
    expect(kicker(closed.text)).toBe("Sold");
    expect(closed.text).toContain("<h2>Ask us about similar properties</h2>");
  });
});
