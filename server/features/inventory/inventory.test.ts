import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import supertest from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EMBED_MESSAGE_TYPE } from "../../../shared/inventory.js";
import { contrastRatio } from "../../../shared/readable-colour.js";
import { listingPhotos, listings } from "../../db/tables.js";
import type { NewListingRow } from "../listings/data.js";
import { createAgent, createListing } from "../../test/factories.js";
import { createTestContext, type TestClient, type TestContext } from "../../test/test-app.js";
import { TEST_SCRYPT_COST } from "../../test/test-constants.js";

let ctx: TestContext;
let admin: TestClient;
let member: TestClient;
beforeAll(async () => {
  ctx = await createTestContext({ env: { TRUST_PROXY: false, AUTH_SCRYPT_COST: TEST_SCRYPT_COST, PUBLIC_URL: "https://desk.example.com" } });
  admin = (await ctx.userAgent({ isAdmin: true })).agent;
  member = (await ctx.userAgent()).agent;
});
afterAll(() => ctx.close());

const anonymous = () => supertest(ctx.app);

/** A published listing with one confirmed photo, its inventory switch as asked (on by default). */
async function listing(overrides: Partial<NewListingRow> = {}, opts: { inventory?: boolean } = {}) {
  const made = await createListing(ctx.db, { offeringType: "Sell", askingPrice: 1_000_000, dealStage: "Active", ...overrides });
  await ctx.db.insert(listingPhotos).values({ listingId: made.id, url: `/api/objects/images/${randomUUID()}`, position: 0, isCover: true, rightsConfirmed: true });
  const res = await ctx.afterChange(() => member.put(`/api/listings/${made.id}/publication`).send({ published: true, inventory: opts.inventory ?? true }).expect(200));
  return { ...made, token: String(res.body.url ?? res.body.path ?? "").split("/l/")[1] ?? "" };
}

const page = async (path: string) => (await anonymous().get(path).expect(200)).text;
/** The listing names on a page, in order. */
const namesOn = (html: string) => [...html.matchAll(/<span class="name">([^<]*)<\/span>/g)].map((m) => m[1]);

describe("which listings the inventory shows", () => {
  beforeAll(async () => {
    await listing({ listingName: "Inv active" });
    await listing({ listingName: "Inv under contract", dealStage: "Under Contract" });
    await listing({ listingName: "Inv no stage", dealStage: null });
    await listing({ listingName: "Inv switch off" }, { inventory: false });
    await listing({ listingName: "Inv closed", dealStage: "Closed" });
    await listing({ listingName: "Inv withdrawn", dealStage: "Withdrawn" });
    const inactive = await listing({ listingName: "Inv inactive" });
    await ctx.afterChange(() => ctx.db.update(listings).set({ isActive: false }).where(eq(listings.id, inactive.id)));
    const unpublished = await listing({ listingName: "Inv unpublished" });
    await ctx.afterChange(() => member.put(`/api/listings/${unpublished.id}/publication`).send({ published: false }).expect(200));
  });

  it("shows active and under-contract listings with the switch on, and nothing else (the shared rule)", async () => {
    const html = await page("/inventory?sort=newest");
    expect(namesOn(html).sort()).toEqual(["Inv active", "Inv no stage", "Inv under contract"]);
    expect(html).toContain("For Sale · Under Contract");
  });

  it("links each card to the listing's page and its cover to the page's re-encoded widths", async () => {
    const html = await page("/inventory");
    const hrefs = [...html.matchAll(/<a href="(\/l\/[^"]+)"/g)].map((m) => m[1]);
    expect(hrefs).toHaveLength(3);
    for (const href of hrefs) {
      await anonymous().get(href).expect(200);
      expect(html).toContain(`src="${href}/photos/`);
    }
    expect(html).toMatch(/srcset="\/l\/[^"]+\/photos\/\d+\?w=320 320w/);
    expect(html).toContain('<meta name="robots" content="noindex">');
  });

  it("refuses the switch on an unpublished page", async () => {
    const made = await createListing(ctx.db, { offeringType: "Sell", askingPrice: 5, dealStage: "Active" });
    const res = await member.put(`/api/listings/${made.id}/publication`).send({ published: false, inventory: true }).expect(400);
    expect(res.body.message).toMatch(/Publish the listing's page/);
  });
});

describe("filters, addresses and pages", () => {
  let agentId: string;
  beforeAll(async () => {
    agentId = (await createAgent(ctx.db, { name: "Filter Agent" })).id;
    await listing({ listingName: "F lease office OH", offeringType: "Lease", askingPrice: null, leaseRate: 20, leaseRateUnit: "per SF/yr", propertyType: "Office", state: "OH", city: "Columbus", buildingSizeSf: 5000, agentId, latitude: 39.96, longitude: -83.0 });
    await listing({ listingName: "F sale office OH", propertyType: "Office", state: "OH", city: "Columbus", askingPrice: 2_000_000, buildingSizeSf: 20000 });
    await listing({ listingName: "F lease retail OH", offeringType: "Lease", askingPrice: null, leaseRate: 30, leaseRateUnit: "per SF/yr", propertyType: "Retail", state: "OH", city: "Dayton", buildingSizeSf: 1500 });
    await listing({ listingName: "F secret WV", state: "WV", addressConfidential: true, latitude: 39.06, longitude: -79.99 });
    await listing({ listingName: "F lease office PA", offeringType: "Lease", askingPrice: null, leaseRate: 25, leaseRateUnit: "per SF/yr", propertyType: "Office", state: "PA", buildingSizeSf: 9000 });
  });

  it("reads filters from the address's segments, in any order and any case", async () => {
    expect(namesOn(await page("/inventory/lease/office/oh"))).toEqual(["F lease office OH"]);
    expect(namesOn(await page("/inventory/OH/Office/Lease"))).toEqual(["F lease office OH"]);
    expect(namesOn(await page("/inventory/lease/oh?sort=price-asc"))).toEqual(["F lease office OH", "F lease retail OH"]);
  });

  it("filters by price and size, by agent, and sorts", async () => {
    expect(namesOn(await page("/inventory/lease?minPrice=24&maxPrice=26"))).toEqual(["F lease office PA"]);
    expect(namesOn(await page("/inventory/oh?minSize=4000&maxSize=6000"))).toEqual(["F lease office OH"]);
    expect(namesOn(await page(`/inventory?agent=${agentId}`))).toEqual(["F lease office OH"]);
    expect(namesOn(await page("/inventory/office?sort=size-desc"))).toEqual(["F sale office OH", "F lease office PA", "F lease office OH"]);
  });

  it("ignores unknown filters and values, and caps the page size", async () => {
    const plain = namesOn(await page("/inventory/oh"));
    expect(namesOn(await page("/inventory/oh/nowhere/12345?colour=red&offering=barter&sort=random&minPrice=lots&type=castle"))).toEqual(plain);
    expect(namesOn(await page("/inventory?perPage=1000")).length).toBeLessThanOrEqual(24);
  });

  it("pages, with a page past the last showing the last", async () => {
    const all = namesOn(await page("/inventory/oh?sort=price-asc"));
    expect(all.length).toBe(3);
    const first = await page("/inventory/oh?sort=price-asc&perPage=2");
    expect(namesOn(first)).toEqual(all.slice(0, 2));
    expect(first).toContain("Page 1 of 2");
    expect(first).toContain('href="/inventory?state=oh&amp;sort=price-asc&amp;perPage=2&amp;page=2"');
    expect(namesOn(await page("/inventory/oh?sort=price-asc&perPage=2&page=2"))).toEqual(all.slice(2));
    expect(namesOn(await page("/inventory/oh?sort=price-asc&perPage=2&page=99"))).toEqual(all.slice(2));
  });
});

describe("the map of the results", () => {
  it("draws the page's listings that show their address, and never a confidential one", async () => {
    const html = await page("/inventory/oh");
    expect(html).toContain('<img class="map" src="/inventory/map.png?state=oh"');
    const map = await anonymous().get("/inventory/map.png?state=oh").expect(200);
    expect(map.headers["content-type"]).toBe("image/png");
    expect(map.body.subarray(1, 4).toString()).toBe("PNG");
    await anonymous().get("/inventory/map.png?state=oh").set("If-None-Match", map.headers.etag).expect(304);
    // The West Virginia listing hides its address: no map, though it has a point.
    expect(namesOn(await page("/inventory/wv"))).toEqual(["F secret WV"]);
    expect(await page("/inventory/wv")).not.toContain('class="map"');
    await anonymous().get("/inventory/map.png?state=wv").expect(404);
  });
});

describe("the cache", () => {
  it("answers 304 to a current copy and renders again after a change heard on the bus", async () => {
    const made = await listing({ listingName: "Cache before" });
    const first = await anonymous().get("/inventory").expect(200);
    expect(first.text).toContain("Cache before");
    await anonymous().get("/inventory").set("If-None-Match", first.headers.etag).expect(304);
    await ctx.afterChange(() => member.patch(`/api/listings/${made.id}`).send({ listingName: "Cache after" }).expect(200));
    const second = await anonymous().get("/inventory").set("If-None-Match", first.headers.etag).expect(200);
    expect(second.text).toContain("Cache after");
    expect(second.text).not.toContain("Cache before");
  });
});

describe("the embed and its settings", () => {
  it("lets only the embedded page be framed, by the websites an admin listed", async () => {
    const plain = await anonymous().get("/inventory").expect(200);
    expect(plain.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(plain.headers["x-frame-options"]).toBeDefined();
    // Listed nowhere yet: the embedded page refuses framing too.
    const closed = await anonymous().get("/inventory/embed").expect(200);
    expect(closed.headers["content-security-policy"]).toContain("frame-ancestors 'none'");

    await ctx.afterChange(() => admin.put("/api/inventory-settings").send({ embedOrigins: ["https://broker.example.com", "http://localhost:8080/"] }).expect(200));
    for (const path of ["/inventory/embed?offering=lease", "/inventory?embed=1"]) {
      const embedded = await anonymous().get(path).expect(200);
      expect(embedded.headers["content-security-policy"]).toMatch(/frame-ancestors https:\/\/broker\.example\.com http:\/\/localhost:8080(;|$)/);
      expect(embedded.headers["x-frame-options"]).toBeUndefined();
      expect(embedded.text).toContain('data-embed-origins="https://broker.example.com http://localhost:8080"');
      expect(embedded.text).toContain('<script src="/inventory/embed-frame.js" defer></script>');
      expect(embedded.text).toContain('target="_blank"');
    }
    for (const path of ["/inventory", "/inventory/lease", "/embed.js", "/robots.txt"]) {
      const other = await anonymous().get(path).expect(200);
      expect(other.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
      expect(other.headers["x-frame-options"]).toBe("SAMEORIGIN");
    }
  });

  it("serves embed.js to other websites, checking the origin, the frame and the shape of each message", async () => {
    const res = await anonymous().get("/embed.js").expect(200);
    expect(res.headers["content-type"]).toMatch(/javascript/);
    expect(res.headers["cross-origin-resource-policy"]).toBe("cross-origin");
    expect(res.text).toContain("event.origin !== origin || event.source !== frame.contentWindow");
    expect(res.text).toContain(JSON.stringify(EMBED_MESSAGE_TYPE));
    expect(res.text).not.toMatch(/document\.cookie|querySelector|getElementsBy/);
    await anonymous().get("/embed.js").set("If-None-Match", res.headers.etag).expect(304);
    const frame = await anonymous().get("/inventory/embed-frame.js").expect(200);
    expect(frame.text).toContain("postMessage");
  });

  it("validates the websites allowed to embed: http(s) origins only, without paths; a bad list changes nothing", async () => {
    const before = (await admin.get("/api/inventory-settings").expect(200)).body;
    expect(before.address).toBe("https://desk.example.com/inventory");
    for (const bad of ["ftp://example.com", "https://example.com/properties", "example.com", "https://example.com?x=1", "javascript:alert(1)"]) {
      const res = await admin.put("/api/inventory-settings").send({ embedOrigins: [bad] }).expect(400);
      expect(res.body.message).toMatch(/origin|https?:\/\/|web address/);
    }
    await admin.put("/api/inventory-settings").send({ embedOrigins: Array.from({ length: 21 }, (_, i) => `https://s${i}.example.com`) }).expect(400);
    await admin.put("/api/inventory-settings").send({ indexable: "yes" }).expect(400);
    await admin.put("/api/inventory-settings").send({ colour: "red" }).expect(400);
    expect((await admin.get("/api/inventory-settings").expect(200)).body).toEqual(before);
  });

  it("lets search engines index the page only when an admin chooses", async () => {
    await ctx.afterChange(() => admin.put("/api/inventory-settings").send({ indexable: true }).expect(200));
    expect(await page("/inventory")).not.toContain('name="robots"');
    // The embedded copy is never the one to index.
    expect(await page("/inventory/embed")).toContain('<meta name="robots" content="noindex">');
    await ctx.afterChange(() => admin.put("/api/inventory-settings").send({ indexable: false }).expect(200));
    expect(await page("/inventory")).toContain('<meta name="robots" content="noindex">');
  });
});

describe("closed listings while INVENTORY_SOLD_DAYS is set", () => {
  let sold: TestContext;
  afterAll(() => sold?.close());

  it("shows a listing closed within the days as Sold, and one closed before them not at all", async () => {
    sold = await createTestContext({ env: { TRUST_PROXY: false, AUTH_SCRYPT_COST: TEST_SCRYPT_COST, INVENTORY_SOLD_DAYS: 30 } });
    const teammate = (await sold.userAgent()).agent;
    const show = async (overrides: Partial<NewListingRow>) => {
      const made = await createListing(sold.db, { offeringType: "Sell", askingPrice: 800_000, ...overrides });
      await sold.afterChange(() => teammate.put(`/api/listings/${made.id}/publication`).send({ published: true, inventory: true }).expect(200));
      return made;
    };
    await show({ listingName: "Sold lately", dealStage: "Closed" });
    const old = await show({ listingName: "Sold long ago", dealStage: "Closed" });
    // Closed before the trail remembers: its last change is when it closed.
    await sold.afterChange(() => sold.db.update(listings).set({ updatedAt: new Date(Date.now() - 40 * 86_400_000) }).where(eq(listings.id, old.id)));
    const html = (await supertest(sold.app).get("/inventory").expect(200)).text;
    expect(namesOn(html)).toEqual(["Sold lately"]);
    expect(html).toContain('<span class="kicker closed">Sold</span>');
  });
});

describe("reading and loading the page", () => {
  const imgs = (html: string) => [...html.matchAll(/<img [^>]*>/g)].map((m) => m[0]).filter((tag) => tag.includes("/photos/"));
  // More than a first row of cards, whatever the tests before left.
  beforeAll(async () => {
    for (let i = 1; i <= 6; i++) await listing({ listingName: `Row ${i}`, latitude: 40 + i / 100, longitude: -80 });
  });

  it("shades words in a light brand accent until they read, and writes on the accent in a colour that reads", async () => {
    const before = (await admin.get("/api/brand").expect(200)).body.accentColor as string;
    await ctx.afterChange(() => admin.put("/api/brand").send({ accentColor: "#F2A900" }).expect(200));
    try {
      const html = await page("/inventory");
      const root = /--accent:(#[0-9a-f]{6});--accent-text:(#[0-9a-f]{6});--on-accent:(#[0-9a-f]{6})/i.exec(html);
      expect(root?.[1].toUpperCase()).toBe("#F2A900");
      expect(contrastRatio(root![2], "#ffffff")).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(root![3], "#F2A900")).toBeGreaterThanOrEqual(4.5);
      // The status line and the pager are words in the accent; the button's words are on it.
      expect(html).toContain(".kicker{color:var(--accent-text)");
      expect(html).toContain(".pager a{color:var(--accent-text)");
      expect(html).toMatch(/button\{background:var\(--accent\);color:var\(--on-accent\)/);
    } finally {
      await ctx.afterChange(() => admin.put("/api/brand").send({ accentColor: before }).expect(200));
    }
  });

  it("sizes every cover, fetches the first one first and leaves those below the first row until scrolled to", async () => {
    const tags = imgs(await page("/inventory"));
    expect(tags.length).toBeGreaterThan(4);
    for (const tag of tags) expect(tag).toMatch(/ width="600" height="400"/);
    expect(tags[0]).toContain('fetchpriority="high"');
    expect(tags[0]).not.toContain("loading=");
    for (const tag of tags.slice(1, 4)) expect(tag).not.toMatch(/fetchpriority|loading=/);
    for (const tag of tags.slice(4)) expect(tag).toContain('loading="lazy"');
    // The map sits below the grid: it never holds up the first paint.
    expect(await page("/inventory")).toMatch(/<img class="map" [^>]*loading="lazy"/);
  });
});
