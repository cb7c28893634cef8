// The public page as visitors, link-preview bots and search engines see it: its tags and
// JSON-LD, what it never shows (sentinel strings planted in every internal place), its pictures,
// flyer and preview image, and the app's own flyer-link extraction pointed at it.
import sharp from "sharp";
import supertest from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { listings } from "../../db/tables.js";
import { startTestServer } from "../../integrations/flyer-link/test-server.js";
import { createAgent, createListing } from "../../test/factories.js";
import { createTestContext, type TestClient, type TestContext } from "../../test/test-app.js";
import { TEST_SCRYPT_COST } from "../../test/test-constants.js";
import { uploadImage } from "../../test/uploads.js";

let ctx: TestContext;
let member: TestClient;
let admin: TestClient;
beforeAll(async () => {
  // The extraction test serves this app on 127.0.0.1, which only a server told so may fetch.
  ctx = await createTestContext({ env: { TRUST_PROXY: false, AUTH_SCRYPT_COST: TEST_SCRYPT_COST, FLYER_ALLOW_PRIVATE_NETWORKS: true } });
  member = (await ctx.userAgent({ username: "SENTINEL_MEMBER_NAME" })).agent;
  admin = (await ctx.userAgent({ isAdmin: true })).agent;
  await admin.put("/api/brand").send({ brokerageName: "Summit Commercial Realty", phone: "(304) 555-0100", accentColor: "#0A5C36" }).expect(200);
});
afterAll(() => ctx.close());

const pathOf = (url: string) => new URL(url).pathname;
const anonymous = () => supertest(ctx.app);
const photo = (colour: string) => sharp({ create: { width: 1600, height: 1000, channels: 3, background: colour } }).jpeg().toBuffer();

async function publish(listingId: string, body: Record<string, unknown> = {}): Promise<string> {
  const res = await member.put(`/api/listings/${listingId}/publication`).send({ published: true, ...body }).expect(200);
  return pathOf(res.body.url);
}

function jsonLdOf(html: string): Record<string, unknown> {
  const match = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
  return JSON.parse(match![1]);
}
const metaOf = (html: string, key: string) => new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)">`).exec(html)?.[1];

describe("the public page", () => {
  it("carries the preview tags, a canonical url, JSON-LD for a sale, and sets no cookie", async () => {
    const agent = await createAgent(ctx.db, { name: "Dana Broker", phone: "304-555-0199", email: "dana@summit.example.com" });
    const listing = await createListing(ctx.db, {
      listingName: "Riverside Plaza",
      address: "500 River Road",
      city: "Morgantown",
      state: "WV",
      zip: "26505",
      offeringType: "Sell",
      askingPrice: 1_250_000,
      buildingSizeSf: 12_000,
      capRate: 7.25,
      agentId: agent.id,
      propertyDescription: "A strip center with ten bays. ".repeat(20),
    });
    const path = await publish(listing.id);
    // The canonical addresses come from the app's address (the trusted origin), never the request's Host.
    await admin.put("/api/settings/app-address").send({ address: "https://desk.example.com" }).expect(200);
    const res = await anonymous()
      .get(path)
      .expect(200)
      .then((r) => admin.put("/api/settings/app-address").send({ address: "" }).expect(200).then(() => r));
    expect(res.headers["set-cookie"]).toBeUndefined();
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    const html = res.text;
    // The preview tags come before anything heavy, within the first few kilobytes.
    expect(html.indexOf('property="og:image"')).toBeLessThan(2048);
    expect(metaOf(html, "og:title")).toBe("For Sale: Riverside Plaza");
    expect(metaOf(html, "og:description")!.length).toBeLessThanOrEqual(200);
    expect(metaOf(html, "og:type")).toBe("website");
    expect(metaOf(html, "og:site_name")).toBe("Summit Commercial Realty");
    expect(metaOf(html, "og:url")).toBe(`https://desk.example.com${path}`);
    expect(html).toContain(`<link rel="canonical" href="https://desk.example.com${path}">`);
    expect(metaOf(html, "og:image")).toMatch(new RegExp(`^https://desk\\.example\\.com${path}/og\\.jpg\\?v=`));
    expect(metaOf(html, "og:image:width")).toBe("1200");
    expect(metaOf(html, "og:image:height")).toBe("630");
    expect(metaOf(html, "og:image:alt")).toContain("Riverside Plaza");
    expect(metaOf(html, "twitter:card")).toBe("summary_large_image");
    expect(metaOf(html, "robots")).toBe("noindex");
    expect(html).toContain("$1,250,000");
    expect(html).toContain("Dana Broker");
    expect(html).toContain("304-555-0199");
    expect(html).toContain("Information deemed reliable but not guaranteed.");
    expect(html).toContain(`href="${path}/flyer.pdf"`);
    expect(html).not.toMatch(/<script(?! type="application\/ld\+json")/);

    const ld = jsonLdOf(html);
    expect(ld["@type"]).toBe("RealEstateListing");
    expect(ld.url).toBe(`https://desk.example.com${path}`);
    expect(ld.offers).toEqual({ "@type": "Offer", price: 1_250_000, priceCurrency: "USD", availability: "https://schema.org/InStock" });
    expect((ld.about as { address: unknown }).address).toEqual({
      "@type": "PostalAddress",
      streetAddress: "500 River Road",
      addressLocality: "Morgantown",
      addressRegion: "WV",
      postalCode: "26505",
      addressCountry: "US",
    });
    expect(ld.provider).toMatchObject({ "@type": "RealEstateAgent", name: "Dana Broker", worksFor: { "@type": "Organization", name: "Summit Commercial Realty" } });
  });

  it("offers a lease at a unit price, and leaves the street out of everything when the address is hidden", async () => {
    const listing = await createListing(ctx.db, { address: "9 Quiet Court", city: "Fairmont", state: "WV", offeringType: "Lease", leaseRate: 18.5, leaseRateUnit: "per SF/yr", leaseType: "NNN" });
    const path = await publish(listing.id, { showAddress: false });
    const html = (await anonymous().get(path).expect(200)).text;
    expect(html).not.toContain("9 Quiet Court");
    const ld = jsonLdOf(html);
    expect(ld.offers).toMatchObject({ "@type": "Offer", priceSpecification: { "@type": "UnitPriceSpecification", price: 18.5, priceCurrency: "USD", unitText: "per square foot per year" } });
    expect((ld.about as { address: Record<string, unknown> }).address).not.toHaveProperty("streetAddress");
  });

  it("never shows what is internal", async () => {
    const other = await createListing(ctx.db, { listingName: "SENTINEL_OTHER_LISTING" });
    await publish(other.id);
    const listing = await createListing(ctx.db, {
      notes: "SENTINEL_NOTES",
      marketingCategory: "Grand Slam",
      marketingCategoryReference: "SENTINEL_CATEGORY_REFERENCE",
      googleDriveLink: "https://drive.google.com/SENTINEL_DRIVE",
      dropboxLink: "https://dropbox.com/SENTINEL_DROPBOX",
    });
    await member.post(`/api/listings/${listing.id}/notes`).send({ content: "SENTINEL_NOTE_TEXT" }).expect(201);
    await member.post("/api/wishes").send({ title: "SENTINEL_WISH", description: "SENTINEL_WISH_TEXT" }).expect(201);
    // An edit by the sentinel-named member: "who edited what" must not show.
    await member.put(`/api/listings/${listing.id}`).send({ propertyDescription: "Flex space near the interstate." }).expect(200);
    // A pulled photo whose rights nobody confirmed stays off the page.
    const pulled = await member.post(`/api/listings/${listing.id}/photos`).send({ url: await uploadImage(member, await photo("#123456")) }).expect(201);
    await member.patch(`/api/listings/${listing.id}/photos/${pulled.body.id}`).send({ rightsConfirmed: false, caption: "SENTINEL_UNCONFIRMED_PHOTO" }).expect(200);
    const path = await publish(listing.id);
    const html = (await anonymous().get(path).expect(200)).text;
    for (const sentinel of ["SENTINEL", "Grand Slam", "drive.google.com", "dropbox.com", `/photos/${pulled.body.id}`]) expect(html).not.toContain(sentinel);
    await anonymous().get(`${path}/photos/${pulled.body.id}`).expect(404);
  });

  it("serves the confirmed photos in sizes, the 1200x630 preview image and the flyer, to anyone with the link", async () => {
    const listing = await createListing(ctx.db, { listingName: "Photo Hall" });
    const first = await member.post(`/api/listings/${listing.id}/photos`).send({ url: await uploadImage(member, await photo("#aa3366")) }).expect(201);
    const second = await member.post(`/api/listings/${listing.id}/photos`).send({ url: await uploadImage(member, await photo("#3366aa")) }).expect(201);
    const path = await publish(listing.id);
    const html = (await anonymous().get(path).expect(200)).text;
    expect(html).toContain(`src="${path}/photos/${first.body.id}?w=600"`);
    // The page shows the cover; the viewer shows every photo, the later ones loaded as they near the screen.
    expect(html).not.toContain(`/photos/${second.body.id}`);
    const viewer = (await anonymous().get(`${path}/photos`).expect(200)).text;
    expect(viewer).toMatch(new RegExp(`src="${path}/photos/${second.body.id}\\?w=600"[^>]*loading="lazy"`));
    const small = await anonymous().get(`${path}/photos/${second.body.id}?w=320`).expect(200);
    expect((await sharp(small.body).metadata()).width).toBe(320);

    const og = await anonymous().get(`${path}/og.jpg`).expect(200);
    expect(og.headers["content-type"]).toBe("image/jpeg");
    expect(og.body.length).toBeLessThan(1024 * 1024);
    const meta = await sharp(og.body).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 1200, 630]);

    const flyer = await anonymous().get(`${path}/flyer.pdf`).expect(200);
    expect(flyer.headers["content-type"]).toBe("application/pdf");
    expect(flyer.headers["set-cookie"]).toBeUndefined();
  });

  it("has every picture revalidated by a shared cache, a browser's repeat view answered 304, and all of them gone after rotating or unpublishing", async () => {
    await admin.put("/api/brand").send({ logoUrl: await uploadImage(admin, await photo("#0a5c36")) }).expect(200);
    const listing = await createListing(ctx.db, { listingName: "Gallery Row", latitude: 40.0641, longitude: -80.7209, locationPrecision: "street" });
    const shot = await member.post(`/api/listings/${listing.id}/photos`).send({ url: await uploadImage(member, await photo("#663399")) }).expect(201);
    // One host name throughout: the page's tags name the origin it was asked at.
    const get = (url: string) => anonymous().get(url).set("Host", "desk.example.com");
    const picturesOf = async (path: string) => {
      const html = (await get(path).expect(200)).text;
      const map = /<img class="map" src="([^"]+)"/.exec(html)![1];
      // Absolute from the trusted origin, or root-relative while there is none: its path either way.
      const ogUrl = new URL(metaOf(html, "og:image")!, "http://any.example");
      const og = ogUrl.pathname + ogUrl.search;
      expect(html).toContain(`src="${path}/logo"`);
      return [`${path}/photos`, `${path}/photos/${shot.body.id}?w=600`, `${path}/photos/${shot.body.id}?w=320`, og, map, `${path}/logo`];
    };
    const first = await picturesOf(await publish(listing.id));
    for (const url of first) {
      const served = await get(url).expect(200);
      // A shared cache may keep the bytes but must ask before each reuse (RFC 9111 5.2.2.4).
      const directives = String(served.headers["cache-control"]).split(/,\s*/);
      expect({ url, directives }).toEqual({ url, directives: expect.arrayContaining(["public", "no-cache"]) });
      expect(served.headers["cache-control"]).not.toMatch(/max-age=[1-9]|immutable/);
      const again = await get(url).set("If-None-Match", served.headers.etag);
      expect({ url, status: again.status }).toEqual({ url, status: 304 });
    }

    await ctx.afterChange(() => member.post(`/api/listings/${listing.id}/publication/rotate`).expect(200));
    for (const url of first) await get(url).expect(404);
    const rotated = (await member.get(`/api/listings/${listing.id}/publication`).expect(200)).body;
    const second = await picturesOf(pathOf(rotated.url));
    await ctx.afterChange(() => member.put(`/api/listings/${listing.id}/publication`).send({ published: false }).expect(200));
    for (const url of second) {
      const gone = await get(url).expect(410);
      expect(gone.headers["cache-control"]).toBe("no-store");
    }
    await admin.put("/api/brand").send({ logoUrl: "" }).expect(200);
  });

  it("answers an unchanged page with 304, and shows a change at once", async () => {
    const listing = await createListing(ctx.db, { listingName: "Cached Corner" });
    const path = await publish(listing.id);
    // One host name throughout: the page's links (and so its tag) name the origin it was asked at.
    const get = () => anonymous().get(path).set("Host", "desk.example.com");
    const first = await get().expect(200);
    await get().set("If-None-Match", first.headers.etag).expect(304);
    await ctx.afterChange(() => ctx.db.update(listings).set({ listingName: "Renamed Corner", version: listing.version + 5 }).where(eq(listings.id, listing.id)));
    const after = await get().set("If-None-Match", first.headers.etag).expect(200);
    expect(after.text).toContain("Renamed Corner");
  });

  it("lists indexable pages only in the sitemap; robots.txt allows the pages", async () => {
    const indexed = await createListing(ctx.db);
    const hidden = await createListing(ctx.db);
    const indexedPath = await publish(indexed.id, { indexable: true });
    const hiddenPath = await publish(hidden.id);
    const sitemap = await anonymous().get("/sitemap.xml").expect(200);
    expect(sitemap.headers["content-type"]).toMatch(/xml/);
    expect(sitemap.text).toContain(`${indexedPath}</loc>`);
    expect(sitemap.text).not.toContain(hiddenPath);
    const robots = await anonymous().get("/robots.txt").expect(200);
    expect(robots.text).toContain("Allow: /l/");
    expect(robots.text).toContain("/sitemap.xml");
  });

  it("is found by the app's own flyer-link extraction, which takes its cover from the preview image", async () => {
    const listing = await createListing(ctx.db, { listingName: "Loop Building" });
    await member.post(`/api/listings/${listing.id}/photos`).send({ url: await uploadImage(member, await photo("#44aa44")) }).expect(201);
    const path = await publish(listing.id);
    const site = await startTestServer(ctx.app);
    try {
      const res = await member.post("/api/looplink/extract-image").send({ flyerUrl: `${site.origin}${path}` }).expect(200);
      expect(site.hits.some((hit) => hit.startsWith(`${path}/og.jpg`))).toBe(true);
      const image = await member.get(res.body.imageUrl).expect(200);
      const meta = await sharp(image.body).metadata();
      expect([meta.width, meta.height]).toEqual([1200, 630]);
    } finally {
      await site.close();
    }
  });
});
