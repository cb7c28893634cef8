import { randomUUID } from "node:crypto";
import { Ajv2020 } from "ajv/dist/2020.js";
import { and, eq } from "drizzle-orm";
import supertest from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NewListingRow } from "../listings/data.js";
import { auditEvents, feedKeys, listingPhotos, listings } from "../../db/tables.js";
import { createAgent, createListing } from "../../test/factories.js";
import { createTestContext, type TestClient, type TestContext } from "../../test/test-app.js";
import { TEST_SCRYPT_COST } from "../../test/test-constants.js";
import { RESO_LEASE_AMOUNT_FREQUENCY, RESO_MEDIA_CATEGORY, RESO_PROPERTY_SUB_TYPE, RESO_PROPERTY_TYPE, RESO_STANDARD_STATUS } from "./reso.js";

let ctx: TestContext;
let admin: TestClient;
let member: TestClient;
beforeAll(async () => {
  // A trusted origin, as in production: supertest's changing ports would otherwise be each request's own.
  ctx = await createTestContext({ env: { TRUST_PROXY: false, AUTH_SCRYPT_COST: TEST_SCRYPT_COST, PUBLIC_URL: "https://desk.example.com" } });
  admin = (await ctx.userAgent({ isAdmin: true })).agent;
  member = (await ctx.userAgent()).agent;
});
afterAll(() => ctx.close());

const anonymous = () => supertest(ctx.app);
const FEED = "/feeds/listings.json";

interface Listed {
  ListingKey: string;
  StandardStatus: string;
  [field: string]: unknown;
}
interface FeedBody {
  "@odata.context": string;
  value: Listed[];
  "@odata.nextLink"?: string;
}

/** A listing as the feed wants it (published, syndicated, priced, one confirmed photo), with overrides. */
async function listing(overrides: Partial<NewListingRow> = {}, opts: { syndicate?: boolean; published?: boolean; photos?: { confirmed: boolean }[] } = {}) {
  const made = await createListing(ctx.db, { offeringType: "Sell", askingPrice: 1_250_000, dealStage: "Active", ...overrides });
  const photos = opts.photos ?? [{ confirmed: true }];
  if (photos.length > 0) {
    await ctx.db
      .insert(listingPhotos)
      .values(photos.map((p, i) => ({ listingId: made.id, url: `/api/objects/images/${randomUUID()}`, position: i, isCover: i === 0, rightsConfirmed: p.confirmed })));
  }
  await ctx.afterChange(() =>
    member
      .put(`/api/listings/${made.id}/publication`)
      .send({ published: opts.published ?? true, syndicate: opts.syndicate ?? true })
      .expect(200),
  );
  return made;
}

let key: string;
const read = (path = FEED) => anonymous().get(path).set("Authorization", `Bearer ${key}`);
const feedOf = async (path = FEED): Promise<FeedBody> => (await read(path).expect(200)).body as FeedBody;
const keysIn = (body: FeedBody) => body.value.map((v) => v.ListingKey);

describe("who may read the feed", () => {
  it("is off until a key exists: 401 without one, with a bad one, and with an admin's session alone", async () => {
    const none = await anonymous().get(FEED).expect(401);
    expect(none.headers["www-authenticate"]).toMatch(/^Bearer/);
    expect(none.body.message).toMatch(/feed key/);
    await anonymous().get(FEED).set("Authorization", "Bearer ldf_nope").expect(401);
    await admin.get(FEED).expect(401);
  });

  it("lets admins create a key (shown once, only its hash kept), list it with its last use, and delete it", async () => {
    const created = await admin.post("/api/feed-keys").send({ name: "  LandSearch " }).expect(201);
    expect(created.body).toEqual({ id: expect.any(Number), name: "LandSearch", key: expect.stringMatching(/^ldf_[A-Za-z0-9_-]{43}$/) });
    key = created.body.key as string;
    const [stored] = await ctx.db.select().from(feedKeys).where(eq(feedKeys.id, created.body.id));
    expect(JSON.stringify(stored)).not.toContain(key.slice(4));
    const listed = await admin.get("/api/feed-keys").expect(200);
    expect(listed.body).toEqual([{ id: created.body.id, name: "LandSearch", createdAt: expect.any(String), lastUsedAt: null }]);
    expect(JSON.stringify(listed.body)).not.toContain(key);

    // Bearer or ?key= both open the feed; the first use is written down.
    await read().expect(200);
    await anonymous().get(`${FEED}?key=${key}`).expect(200);
    await expect.poll(async () => (await admin.get("/api/feed-keys").expect(200)).body[0].lastUsedAt).not.toBeNull();

    const other = await admin.post("/api/feed-keys").send({ name: "Gone soon" }).expect(201);
    await anonymous().get(FEED).set("Authorization", `Bearer ${other.body.key}`).expect(200);
    await admin.delete(`/api/feed-keys/${other.body.id}`).expect(204);
    await anonymous().get(FEED).set("Authorization", `Bearer ${other.body.key}`).expect(401);
    await admin.delete(`/api/feed-keys/${other.body.id}`).expect(404);
    const logged = await ctx.db.select().from(auditEvents).where(and(eq(auditEvents.kind, "feed.key-deleted")));
    expect(logged.map((e) => e.data)).toEqual([{ keyId: other.body.id, name: "Gone soon" }]);
    expect(await ctx.db.select().from(auditEvents).where(eq(auditEvents.kind, "feed.key-created"))).toHaveLength(2);
  });

  it("refuses a key without a name, changing nothing", async () => {
    const before = (await admin.get("/api/feed-keys").expect(200)).body;
    const res = await admin.post("/api/feed-keys").send({ name: "   " }).expect(400);
    expect(res.body.message).toMatch(/Name the key/);
    await admin.post("/api/feed-keys").send({ name: "x".repeat(81) }).expect(400);
    expect((await admin.get("/api/feed-keys").expect(200)).body).toEqual(before);
  });

  it("publishes its JSON Schema to anyone", async () => {
    const res = await anonymous().get("/feeds/listings.schema.json").expect(200);
    expect(res.body.$schema).toBe("https://json-schema.org/draft/2020-12/schema");
    await anonymous().get("/feeds/listings.schema.json").set("If-None-Match", res.headers.etag).expect(304);
  });
});

describe("which listings the feed carries", () => {
  const made: Record<string, string> = {};
  beforeAll(async () => {
    made.active = (await listing({ listingName: "Active one" })).id;
    made.underContract = (await listing({ listingName: "Under contract", dealStage: "Under Contract" })).id;
    made.noStage = (await listing({ listingName: "No stage", dealStage: null })).id;
    made.notSyndicated = (await listing({ listingName: "Not syndicated" }, { syndicate: false })).id;
    made.unpublished = (await listing({ listingName: "Unpublished" }, { published: false })).id;
    made.noPrice = (await listing({ listingName: "No price", askingPrice: null })).id;
    made.unconfirmed = (await listing({ listingName: "Unconfirmed photos" }, { photos: [{ confirmed: false }] })).id;
    made.closed = (await listing({ listingName: "Closed", dealStage: "Closed" })).id;
    made.withdrawn = (await listing({ listingName: "Withdrawn", dealStage: "Withdrawn" })).id;
    made.inactive = (await listing({ listingName: "Inactive", isActive: false })).id;
  });

  it("carries published, syndicated, active listings on the market with a price and a confirmed photo", async () => {
    const body = await feedOf();
    const listed = keysIn(body);
    expect(listed).toEqual(expect.arrayContaining([made.active, made.underContract, made.noStage]));
    for (const out of ["notSyndicated", "unpublished", "noPrice", "unconfirmed", "closed", "withdrawn", "inactive"]) expect(listed).not.toContain(made[out]);
    const status = (id: string) => body.value.find((v) => v.ListingKey === id)!.StandardStatus;
    expect(status(made.active)).toBe("Active");
    expect(status(made.underContract)).toBe("ActiveUnderContract");
  });

  it("tells admins why each published listing is not in it", async () => {
    await member.get("/api/feed-health").expect(403);
    const health = (await admin.get("/api/feed-health").expect(200)).body as { inFeed: number; notInFeed: { listingId: string; reasons: string[] }[] };
    const why = (id: string) => health.notInFeed.find((n) => n.listingId === id)?.reasons;
    expect(why(made.notSyndicated)).toEqual(["notSyndicated"]);
    expect(why(made.noPrice)).toEqual(["missingPrice"]);
    expect(why(made.unconfirmed)).toEqual(["noConfirmedPhoto"]);
    expect(why(made.closed)).toEqual(["closed"]);
    expect(why(made.withdrawn)).toEqual(["offMarket"]);
    expect(why(made.inactive)).toEqual(["inactive"]);
    // Not published: not listed at all (Settings lists the published listings that are not out).
    expect(why(made.unpublished)).toBeUndefined();
    expect(why(made.active)).toBeUndefined();
    expect(health.inFeed).toBeGreaterThanOrEqual(3);
  });
});

describe("each record", () => {
  it("uses the Data Dictionary's names and values only, with documented X_ extensions", async () => {
    const agent = await createAgent(ctx.db, { name: "Dana Broker", email: "dana@example.com" });
    const sale = await listing({
      listingName: "Names",
      propertyType: "Hospitality",
      askingPrice: 2_000_000,
      capRate: 7.5,
      buildingSizeSf: 12_000,
      lotSizeAcres: 1.25,
      zoning: "C-2",
      yearBuilt: 1999,
      zip: "15222",
      latitude: 40.44,
      longitude: -79.99,
      agentId: agent.id,
      address: "12 Main Street",
    }, { photos: [{ confirmed: true }, { confirmed: false }, { confirmed: true }] });
    const lease = await listing({ listingName: "Lease", offeringType: "Lease", askingPrice: null, leaseRate: 18.5, leaseRateUnit: "per SF/yr", availableSizeSf: 2_000, propertyType: "Office" });
    const body = await feedOf();
    const record = body.value.find((v) => v.ListingKey === sale.id)!;
    expect(record).toMatchObject({
      ListingId: sale.id,
      StandardStatus: "Active",
      PropertyType: "CommercialSale",
      PropertySubType: "HotelMotel",
      ListPrice: 2_000_000,
      LeaseAmount: null,
      CapRate: 7.5,
      NetOperatingIncome: 150_000,
      BuildingAreaTotal: 12_000,
      BuildingAreaUnits: "SquareFeet",
      LotSizeAcres: 1.25,
      Zoning: "C-2",
      YearBuilt: 1999,
      UnparsedAddress: "12 Main Street",
      City: "Pittsburgh",
      StateOrProvince: "PA",
      PostalCode: "15222",
      Latitude: 40.44,
      Longitude: -79.99,
      InternetAddressDisplayYN: true,
      ListAgentFullName: "Dana Broker",
      ListAgentEmail: "dana@example.com",
      X_ListingURL: expect.stringMatching(/^https:\/\/desk\.example\.com\/l\/[A-Za-z0-9_-]{24}$/),
    });
    // Only the rights-confirmed photos, as the page's re-encoded copies, the cover preferred.
    const media = record.Media as { MediaURL: string; Order: number; PreferredPhotoYN: boolean; MediaCategory: string }[];
    expect(media.map((m) => [m.Order, m.PreferredPhotoYN, m.MediaCategory])).toEqual([[1, true, "Photo"], [2, false, "Photo"]]);
    for (const m of media) expect(m.MediaURL).toMatch(new RegExp(`^${String(record.X_ListingURL)}/photos/\\d+\\?w=1600$`));

    expect(body.value.find((v) => v.ListingKey === lease.id)).toMatchObject({
      PropertyType: "CommercialLease",
      PropertySubType: "Office",
      ListPrice: null,
      LeaseAmount: 37_000,
      LeaseAmountFrequency: "Annually",
      X_LeaseRatePerSquareFoot: 18.5,
      X_LeaseRateUnit: "SF/yr",
    });

    for (const v of body.value) {
      expect(RESO_STANDARD_STATUS).toContain(v.StandardStatus);
      expect(RESO_PROPERTY_TYPE).toContain(v.PropertyType);
      if (v.PropertySubType !== null) expect(RESO_PROPERTY_SUB_TYPE).toContain(v.PropertySubType);
      if (v.LeaseAmountFrequency !== null) expect(RESO_LEASE_AMOUNT_FREQUENCY).toContain(v.LeaseAmountFrequency);
      for (const m of v.Media as { MediaCategory: string }[]) expect(RESO_MEDIA_CATEGORY).toContain(m.MediaCategory);
    }
  });

  it("carries a lease listing's available and pending spaces as X_Spaces, never leased ones, and none on a sale", async () => {
    const lease = await listing({ listingName: "Suites", offeringType: "Lease", askingPrice: null, leaseRate: 16, leaseRateUnit: "per SF/yr", buildingSizeSf: 40_000 });
    const sale = await listing({ listingName: "Sale with a suite", buildingSizeSf: 40_000 });
    const add = (id: string, space: Record<string, unknown>) => ctx.afterChange(() => member.post(`/api/listings/${id}/spaces`).send(space).expect(201));
    await add(lease.id, { suite: "200", floor: "2", sizeSf: 2_400, minDivisibleSf: 1_200, rate: 18.5, rateUnit: "SF/yr", leaseType: "NNN", availableOn: "2027-03-01" });
    await add(lease.id, { suite: "300", sizeSf: 9_800, rate: 4_500, rateUnit: "month", status: "pending" });
    await add(lease.id, { suite: "100", sizeSf: 5_000, rate: 17, status: "leased" });
    await add(sale.id, { suite: "A", sizeSf: 1_000 });
    const body = await feedOf();
    expect(body.value.find((v) => v.ListingKey === lease.id)!.X_Spaces).toEqual([
      { Suite: "200", Floor: "2", AreaSF: 2_400, MinDivisibleSF: 1_200, RateAmount: 18.5, RateUnit: "SF/yr", LeaseType: "NNN", AvailableDate: "2027-03-01", Status: "Available" },
      { Suite: "300", Floor: null, AreaSF: 9_800, MinDivisibleSF: null, RateAmount: 4_500, RateUnit: "month", LeaseType: null, AvailableDate: null, Status: "Pending" },
    ]);
    expect(body.value.find((v) => v.ListingKey === sale.id)!.X_Spaces).toEqual([]);

    // A lease without a rate of its own is priced by a space with a rate, and is out once it has one.
    const bySpace = await listing({ listingName: "Priced by its spaces", offeringType: "Lease", askingPrice: null, leaseRate: null });
    expect(keysIn(await feedOf())).not.toContain(bySpace.id);
    await add(bySpace.id, { suite: "1", sizeSf: 1_500 });
    expect(keysIn(await feedOf())).not.toContain(bySpace.id);
    await add(bySpace.id, { suite: "2", sizeSf: 1_500, rate: 22 });
    expect(keysIn(await feedOf())).toContain(bySpace.id);
  });

  it("never carries a confidential address: city, state and ZIP only", async () => {
    const hidden = await listing({ listingName: "Hidden", address: "17 Hidden Lane", zip: "26554", latitude: 39.4812345, longitude: -80.1412345, addressConfidential: true, city: "Fairmont", state: "WV" });
    const res = await read().expect(200);
    expect(res.text).not.toContain("17 Hidden Lane");
    expect(res.text).not.toContain("39.4812345");
    expect(res.text).not.toContain("80.1412345");
    expect((res.body as FeedBody).value.find((v) => v.ListingKey === hidden.id)).toMatchObject({
      InternetAddressDisplayYN: false,
      UnparsedAddress: null,
      Latitude: null,
      Longitude: null,
      City: "Fairmont",
      StateOrProvince: "WV",
      PostalCode: "26554",
    });
  });

  it("validates against the published JSON Schema, tombstones included", async () => {
    const schema = (await anonymous().get("/feeds/listings.schema.json").expect(200)).body as Record<string, unknown>;
    const ajv = new Ajv2020({ strict: true, allErrors: true });
    ajv.addFormat("date-time", (s: string) => /^\d{4}-\d{2}-\d{2}T/.test(s) && !Number.isNaN(Date.parse(s)));
    ajv.addFormat("uri", (s: string) => URL.canParse(s));
    ajv.addFormat("date", (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s));
    const validate = ajv.compile(schema);
    const gone = await listing({ listingName: "Leaves" });
    // Served once, then gone: a portal may hold it, so it leaves a tombstone.
    expect(keysIn(await feedOf())).toContain(gone.id);
    await ctx.afterChange(() => member.put(`/api/listings/${gone.id}/publication`).send({ published: false }).expect(200));
    const full = await feedOf();
    expect(full.value.some((v) => (v.X_Spaces as unknown[]).length > 0)).toBe(true);
    expect(validate(full), JSON.stringify(validate.errors)).toBe(true);
    const changes = await feedOf(`${FEED}?since=2000-01-01T00:00:00Z`);
    expect(changes.value.some((v) => v.StandardStatus === "Withdrawn")).toBe(true);
    expect(validate(changes), JSON.stringify(validate.errors)).toBe(true);
    // A record that breaks the schema is caught: the check can fail.
    expect(validate({ ...full, value: [{ ...full.value[0], StandardStatus: "Sold" }] })).toBe(false);
    const spaced = full.value.find((v) => (v.X_Spaces as unknown[]).length > 0)!;
    expect(validate({ ...full, value: [{ ...spaced, X_Spaces: [{ ...(spaced.X_Spaces as object[])[0], Status: "Leased" }] }] })).toBe(false);
  });
});

describe("changes since a time", () => {
  it("answers only what changed, with tombstones for listings that left, Closed or Withdrawn", async () => {
    const stays = await listing({ listingName: "Stays" });
    const closes = await listing({ listingName: "Closes" });
    const unsyndicated = await listing({ listingName: "Unsyndicated" });
    const deleted = await listing({ listingName: "Deleted" });
    const anchor = (await feedOf()).value.map((v) => String(v.ModificationTimestamp)).sort().at(-1)!;
    expect((await feedOf(`${FEED}?since=${anchor}`)).value).toEqual([]);

    await ctx.afterChange(() => member.put(`/api/listings/${closes.id}`).send({ dealStage: "Closed" }).expect(200));
    await ctx.afterChange(() => member.put(`/api/listings/${unsyndicated.id}/publication`).send({ published: true, syndicate: false }).expect(200));
    await ctx.afterChange(() => member.put(`/api/listings/${stays.id}`).send({ askingPrice: 999_000 }).expect(200));
    await ctx.afterChange(() => admin.delete(`/api/listings/${deleted.id}`).expect((res) => expect(res.status).toBeLessThan(300)));

    const changed = await feedOf(`${FEED}?since=${anchor}`);
    const byKey = new Map(changed.value.map((v) => [v.ListingKey, v]));
    expect([...byKey.keys()].sort()).toEqual([stays.id, closes.id, unsyndicated.id, deleted.id].sort());
    expect(byKey.get(deleted.id)?.StandardStatus).toBe("Withdrawn");
    expect(byKey.get(stays.id)).toMatchObject({ StandardStatus: "Active", ListPrice: 999_000 });
    expect(byKey.get(closes.id)).toEqual({ ListingKey: closes.id, ListingId: closes.id, StandardStatus: "Closed", ModificationTimestamp: expect.any(String) });
    expect(byKey.get(unsyndicated.id)).toEqual({ ListingKey: unsyndicated.id, ListingId: unsyndicated.id, StandardStatus: "Withdrawn", ModificationTimestamp: expect.any(String) });
    // A full read is the feed as it is: no tombstones.
    expect(keysIn(await feedOf())).not.toContain(closes.id);

    // Back in: the tombstone goes, the record returns.
    await ctx.afterChange(() => member.put(`/api/listings/${unsyndicated.id}/publication`).send({ published: true, syndicate: true }).expect(200));
    expect((await feedOf(`${FEED}?since=${anchor}`)).value.find((v) => v.ListingKey === unsyndicated.id)?.StandardStatus).toBe("Active");
  });

  it("refuses a since that is not a timestamp, and ignores parameters it does not know", async () => {
    const bad = await read(`${FEED}?since=yesterday`).expect(400);
    expect(bad.body.message).toMatch(/since must be a timestamp/);
    await read(`${FEED}?$top=0`).expect(400);
    const plain = await read().expect(200);
    const extra = await read(`${FEED}?$filter=City%20eq%20'X'&color=blue`).expect(200);
    expect(extra.text).toBe(plain.text);
  });
});

describe("paging, tags and the cache", () => {
  it("pages with @odata.nextLink by key, whatever $top asks past the cap", async () => {
    const all = keysIn(await feedOf());
    expect(all.length).toBeGreaterThan(3);
    expect([...all].sort()).toEqual(all);
    const seen: string[] = [];
    let next: string | undefined = `${FEED}?$top=2`;
    while (next) {
      const page: FeedBody = await feedOf(next.replace("https://desk.example.com", ""));
      expect(page.value.length).toBeLessThanOrEqual(2);
      seen.push(...keysIn(page));
      next = page["@odata.nextLink"];
    }
    expect(seen).toEqual(all);
    // A key sent in the query is carried to the next page, so the link works as given.
    const viaQuery = (await anonymous().get(`${FEED}?$top=1&key=${key}`).expect(200)).body as FeedBody;
    expect(viaQuery["@odata.nextLink"]).toContain(`key=${key}`);
    // Past the cap: 200 at most, no error.
    expect((await feedOf(`${FEED}?$top=100000`)).value).toHaveLength(all.length);
  });

  it("answers 304 to a current tag, and a new body once a change is heard", async () => {
    const first = await read().expect(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"feed-/);
    await read().set("If-None-Match", etag).expect(304);
    const one = (first.body as FeedBody).value.find((v) => v.PropertyType === "CommercialSale")!;
    await ctx.afterChange(() => member.put(`/api/listings/${one.ListingKey}`).send({ askingPrice: 123_456 }).expect(200));
    const after = await read().set("If-None-Match", etag).expect(200);
    expect((after.body as FeedBody).value.find((v) => v.ListingKey === one.ListingKey)!.ListPrice).toBe(123_456);
    expect(after.headers.etag).not.toBe(etag);
  });

  it("moves its tag and the record's timestamp when a space changes, and drops a space once leased", async () => {
    const lease = await listing({ listingName: "Space changes", offeringType: "Lease", askingPrice: null, leaseRate: 20, leaseRateUnit: "per SF/yr" });
    const added = await ctx.afterChange(() => member.post(`/api/listings/${lease.id}/spaces`).send({ suite: "410", sizeSf: 3_000, rate: 20 }).expect(201));
    const first = await read().expect(200);
    const before = (first.body as FeedBody).value.find((v) => v.ListingKey === lease.id)!;
    expect((before.X_Spaces as { Suite: string }[]).map((s) => s.Suite)).toEqual(["410"]);

    await ctx.afterChange(() => member.patch(`/api/listings/${lease.id}/spaces/${added.body.id}`).send({ rate: 21.25 }).expect(200));
    const repriced = await read().set("If-None-Match", first.headers.etag as string).expect(200);
    expect(repriced.headers.etag).not.toBe(first.headers.etag);
    const record = (repriced.body as FeedBody).value.find((v) => v.ListingKey === lease.id)!;
    expect((record.X_Spaces as { RateAmount: number }[])[0].RateAmount).toBe(21.25);
    // A portal reading changes since the last timestamp it saw hears of the space.
    const since = (await feedOf(`${FEED}?since=${String(before.ModificationTimestamp)}`)).value.map((v) => v.ListingKey);
    expect(since).toContain(lease.id);

    await ctx.afterChange(() => member.patch(`/api/listings/${lease.id}/spaces/${added.body.id}`).send({ status: "leased" }).expect(200));
    expect((await feedOf()).value.find((v) => v.ListingKey === lease.id)!.X_Spaces).toEqual([]);
  });
});

describe("a key's requests a minute", () => {
  it("answers 429 past them, from memory as from the route", async () => {
    const limited = await createTestContext({ env: { TRUST_PROXY: false, AUTH_SCRYPT_COST: TEST_SCRYPT_COST, PUBLIC_URL: "https://desk.example.com" }, feedRequestsPerMinute: 3 });
    try {
      const owner = (await limited.userAgent({ isAdmin: true })).agent;
      const made = (await owner.post("/api/feed-keys").send({ name: "Busy portal" }).expect(201)).body as { key: string };
      const ask = () => supertest(limited.app).get(FEED).set("Authorization", `Bearer ${made.key}`);
      const first = await ask().expect(200);
      await ask().set("If-None-Match", first.headers.etag).expect(304);
      await ask().expect(200);
      const refused = await ask().expect(429);
      expect(refused.body.message).toMatch(/too many requests/);
      expect(refused.headers["retry-after"]).toBe("60");
    } finally {
      await limited.close();
    }
  });
});

describe("closed listings within INVENTORY_SOLD_DAYS", () => {
  it("carries a listing closed less than the chosen days ago as Closed", async () => {
    const sold = await createTestContext({ env: { TRUST_PROXY: false, AUTH_SCRYPT_COST: TEST_SCRYPT_COST, PUBLIC_URL: "https://desk.example.com", INVENTORY_SOLD_DAYS: 30 } });
    try {
      const owner = (await sold.userAgent({ isAdmin: true })).agent;
      const made = (await owner.post("/api/feed-keys").send({ name: "Sold portal" }).expect(201)).body as { key: string };
      const closed = await createListing(sold.db, { offeringType: "Sell", askingPrice: 500_000, dealStage: "Active" });
      await sold.db.insert(listingPhotos).values({ listingId: closed.id, url: `/api/objects/images/${randomUUID()}`, position: 0, isCover: true, rightsConfirmed: true });
      await sold.afterChange(() => owner.put(`/api/listings/${closed.id}/publication`).send({ published: true, syndicate: true }).expect(200));
      // Closed through an edit: the trail says when.
      await sold.afterChange(() => owner.put(`/api/listings/${closed.id}`).send({ dealStage: "Closed" }).expect(200));
      // Its last change long ago: only the trail's Closed edit keeps it within the 30 days.
      await sold.afterChange(() => sold.db.update(listings).set({ updatedAt: new Date(Date.now() - 60 * 86_400_000) }).where(eq(listings.id, closed.id)));
      const body = (await supertest(sold.app).get(FEED).set("Authorization", `Bearer ${made.key}`).expect(200)).body as FeedBody;
      expect(body.value.find((v) => v.ListingKey === closed.id)?.StandardStatus).toBe("Closed");
    } finally {
      await sold.close();
    }
  });
});
