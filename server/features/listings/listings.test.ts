import { count, eq } from "drizzle-orm";
import supertest from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCATION_FIELDS } from "../../../shared/location.js";
import { LISTING_FACT_FIELDS } from "../../../shared/listing-facts.js";
import { type Listing } from "../../../shared/schema.js";
import { listingNotes, listings } from "../../db/tables.js";
import { createAgent, createListing, validListingInput } from "../../test/factories.js";
import { createTestContext, type TestClient, type TestContext } from "../../test/test-app.js";

let ctx: TestContext;
let member: TestClient;
let memberId: number;
beforeAll(async () => {
  ctx = await createTestContext();
  const signedIn = await ctx.userAgent();
  member = signedIn.agent;
  memberId = signedIn.user.id;
});
afterAll(() => ctx.close());

const listingCount = async () => (await ctx.db.select({ n: count() }).from(listings))[0].n;
const stored = async (id: string) => (await ctx.db.select().from(listings).where(eq(listings.id, id)))[0];
const addNote = (listingId: string) => ctx.db.insert(listingNotes).values({ listingId, userId: memberId, content: "hi" });
const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

describe("POST /api/listings", () => {
  it("creates an active, unstarred listing, trimming text and storing blanks as null", async () => {
    const body = validListingInput({ listingName: "  Corner Store  ", notes: "   ", looplinkLink: "https://loopnet.com/x" });
    const res = await member.post("/api/listings").send(body);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      listingName: "Corner Store",
      notes: null,
      imageUrl: null,
      looplinkLink: "https://loopnet.com/x",
      isActive: true,
      isStarred: false,
      noteCount: 0,
      agentName: null,
    });
    expect(res.body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await stored(res.body.id)).imageUrl).toBeNull();
  });

  it("keeps an uploaded image's address as given: a path on this site or an http(s) address", async () => {
    for (const imageUrl of ["/objects/uploads/abc.png", "https://bucket.example.com/abc.png"]) {
      const res = await member.post("/api/listings").send(validListingInput({ imageUrl }));
      expect(res.status).toBe(201);
      expect((await stored(res.body.id)).imageUrl).toBe(imageUrl);
    }
  });

  it("assigns an agent and answers with the agent's name", async () => {
    const agent = await createAgent(ctx.db, { name: "Dana Broker" });
    const res = await member.post("/api/listings").send(validListingInput({ agentId: agent.id }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ agentId: agent.id, agentName: "Dana Broker" });
  });

  it("refuses an unknown or malformed agentId and creates nothing", async () => {
    const before = await listingCount();
    for (const agentId of [UNKNOWN_ID, "not-an-id"]) {
      const res = await member.post("/api/listings").send(validListingInput({ agentId }));
      expect(res.status).toBe(400);
      expect(res.body.errors.agentId).toBe("The selected agent no longer exists. Please choose another agent.");
    }
    expect(await listingCount()).toBe(before);
  });

  it("names every missing required field", async () => {
    const res = await member.post("/api/listings").send({});
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors).sort()).toEqual(
      ["address", "city", "listingName", "marketingCategory", "offeringType", "propertyDescription", "state"].sort(),
    );
    expect(res.body.errors.listingName).toBe("Listing Name is required");
  });

  it.each([
    ["blank name", { listingName: "   " }, "listingName", "Listing Name is required"],
    ["blank description", { propertyDescription: "\n\t" }, "propertyDescription", "Property Description is required"],
    ["unknown offering type", { offeringType: "Rent" }, "offeringType", "Offering Type must be one of"],
    ["unknown category", { marketingCategory: "Bunt" }, "marketingCategory", "Marketing Category must be one of"],
    ["state outside the form's list", { state: "NY" }, "state", "State must be one of WV, PA, MD, OH"],
    ["script link", { marketingFlyerLink: "javascript:alert(1)" }, "marketingFlyerLink", "must be a web address"],
    ["ftp link", { dropboxLink: "ftp://files.example.com/a" }, "dropboxLink", "must be a web address"],
    ["link that is not a URL", { googleDriveLink: "drive folder" }, "googleDriveLink", "must be a web address"],
    ["script image", { imageUrl: "javascript:alert(1)" }, "imageUrl", "Image must be a web address"],
    ["protocol-relative image", { imageUrl: "//evil.example.com/x.png" }, "imageUrl", "Image must be a web address"],
    ["overlong name", { listingName: "x".repeat(201) }, "listingName", "Listing Name must be at most 200 characters"],
    ["overlong link", { looplinkLink: `https://a.com/${"x".repeat(2048)}` }, "looplinkLink", "at most 2048"],
    ["non-boolean flag", { isActive: "yes" }, "isActive", "isActive must be true or false"],
    ["non-string name", { listingName: 42 }, "listingName", "Listing Name is required"],
  ])("refuses a %s, naming the field, and creates nothing", async (_case, override, field, message) => {
    const before = await listingCount();
    const res = await member.post("/api/listings").send({ ...validListingInput(), ...override });
    expect(res.status).toBe(400);
    expect(res.body.errors[field]).toContain(message);
    expect(res.body.message).toContain(res.body.errors[field]);
    expect(await listingCount()).toBe(before);
  });

  it("turns the logged-out away", async () => {
    const before = await listingCount();
    expect((await supertest(ctx.app).post("/api/listings").send(validListingInput())).status).toBe(401);
    expect((await supertest(ctx.app).get("/api/listings/active")).status).toBe(401);
    expect(await listingCount()).toBe(before);
  });
});

describe("GET /api/listings/:id", () => {
  it("answers the full listing with its posts, note count and agent name", async () => {
    const agent = await createAgent(ctx.db, { name: "Ray" });
    const listing = await createListing(ctx.db, { agentId: agent.id, aiGeneratedPosts: ["one", "two"] });
    await addNote(listing.id);
    await addNote(listing.id);
    const res = await member.get(`/api/listings/${listing.id}`).expect(200);
    expect(res.body).toMatchObject({ id: listing.id, aiGeneratedPosts: ["one", "two"], noteCount: 2, agentName: "Ray" });
  });

  it("answers 404 for an unknown or malformed id, never 500", async () => {
    for (const id of [UNKNOWN_ID, "abc", "1", "'; drop table listings; --", "%E2%98%83"]) {
      const res = await member.get(`/api/listings/${id}`);
      expect(res.status, id).toBe(404);
      expect(res.body.message).toBeTruthy();
    }
    expect((await member.get(`/api/listings/${UNKNOWN_ID}`)).body.message).toBe("Listing not found");
  });
});

describe("list calls", () => {
  let fresh: TestContext;
  let agent: TestClient;
  let ids: Record<string, string>;
  beforeAll(async () => {
    fresh = await createTestContext();
    agent = (await fresh.userAgent()).agent;
    const broker = await createAgent(fresh.db, { name: "Lee" });
    const make = async (name: string, minutes: number, extra: Partial<Listing> = {}) =>
      (await createListing(fresh.db, { listingName: name, createdAt: minutesAgo(minutes), ...extra })).id;
    ids = {
      oldActive: await make("old active", 30),
      newActive: await make("new active", 10, { agentId: broker.id }),
      oldStarred: await make("old starred", 40, { isStarred: true }),
      newStarred: await make("new starred", 20, { isStarred: true }),
      inactive: await make("inactive", 5, { isActive: false }),
      inactiveStarred: await make("inactive starred", 50, { isActive: false, isStarred: true }),
    };
    const user = (await fresh.createUser()).id;
    await fresh.db.insert(listingNotes).values([
      { listingId: ids.oldActive, userId: user, content: "a" },
      { listingId: ids.oldActive, userId: user, content: "b" },
      { listingId: ids.oldActive, userId: user, content: "c" },
      { listingId: ids.inactive, userId: user, content: "d" },
    ]);
  });
  afterAll(() => fresh.close());

  const names = async (path: string) =>
    ((await agent.get(path).expect(200)).body as { listingName: string }[]).map((l) => l.listingName);

  it("lists active listings starred first, then newest", async () => {
    expect(await names("/api/listings/active")).toEqual(["new starred", "old starred", "new active", "old active"]);
  });

  it("lists inactive listings starred first, then newest", async () => {
    expect(await names("/api/listings/inactive")).toEqual(["inactive starred", "inactive"]);
  });

  it("lists every listing starred first, then newest, across both folders", async () => {
    expect(await names("/api/listings")).toEqual([
      "new starred",
      "old starred",
      "inactive starred",
      "inactive",
      "new active",
      "old active",
    ]);
  });

  it("counts each folder for the sidebar", async () => {
    expect((await agent.get("/api/listings/counts").expect(200)).body).toEqual({ active: 4, inactive: 2 });
  });

  it("carries each listing's note count and agent name, and leaves the posts to the detail call", async () => {
    const all = (await agent.get("/api/listings").expect(200)).body as Record<string, unknown>[];
    const byId = new Map(all.map((l) => [l.id, l]));
    expect(byId.get(ids.oldActive)).toMatchObject({ noteCount: 3, agentName: null });
    expect(byId.get(ids.inactive)).toMatchObject({ noteCount: 1 });
    expect(byId.get(ids.newActive)).toMatchObject({ noteCount: 0, agentName: "Lee" });
    for (const l of all) expect(l).not.toHaveProperty("aiGeneratedPosts");
  });

  it("shows each listing exactly as GET /api/listings/:id does, less the posts and the facts and location it lacks", async () => {
    for (const listed of (await agent.get("/api/listings").expect(200)).body as { id: string }[]) {
      const { aiGeneratedPosts, posts, postsWriter: _w, postsWrittenAt: _t, postsSource: _s, ...single } = (await agent.get(`/api/listings/${listed.id}`).expect(200)).body;
      expect(Array.isArray(aiGeneratedPosts)).toBe(true);
      expect(Array.isArray(posts)).toBe(true);
      for (const field of [...LISTING_FACT_FIELDS, ...LOCATION_FIELDS]) if (single[field] === null) delete single[field];
      expect(listed).toEqual(single);
    }
  });

  it("answers an empty folder with an empty list", async () => {
    const empty = await createTestContext();
    try {
      const { agent: someone } = await empty.userAgent();
      expect((await someone.get("/api/listings/inactive").expect(200).expect("content-type", /json/)).body).toEqual([]);
    } finally {
      await empty.close();
    }
  });
});

describe("PUT /api/listings/:id", () => {
  it("changes only the fields sent and answers the updated listing", async () => {
    const listing = await createListing(ctx.db, { notes: "keep me", city: "Wheeling" });
    const res = await member.put(`/api/listings/${listing.id}`).send({ listingName: "  New Name ", dropboxLink: "" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: listing.id, listingName: "New Name", notes: "keep me", city: "Wheeling", dropboxLink: null });
    const row = await stored(listing.id);
    expect(row.listingName).toBe("New Name");
    expect(row.updatedAt.getTime()).toBeGreaterThanOrEqual(listing.updatedAt.getTime());
  });

  it("accepts the whole edit form, including the status switch", async () => {
    const listing = await createListing(ctx.db);
    const body = validListingInput({ listingName: "Edited", isActive: false });
    const res = await member.put(`/api/listings/${listing.id}`).send(body).expect(200);
    expect(res.body).toMatchObject({ listingName: "Edited", isActive: false, imageUrl: null });
  });

  it("assigns, reassigns and unassigns an agent", async () => {
    const listing = await createListing(ctx.db);
    const agent = await createAgent(ctx.db, { name: "Kim" });
    expect((await member.put(`/api/listings/${listing.id}`).send({ agentId: agent.id })).body.agentName).toBe("Kim");
    const cleared = (await member.put(`/api/listings/${listing.id}`).send({ agentId: null })).body;
    expect(cleared).toMatchObject({ agentId: null, agentName: null });
  });

  it("refuses bad input and an unknown agent, changing nothing", async () => {
    const listing = await createListing(ctx.db, { listingName: "Untouched" });
    const bad = [{ listingName: "" }, { offeringType: "Rent" }, { marketingFlyerLink: "data:text/html,hi" }, { agentId: UNKNOWN_ID }];
    for (const body of bad) {
      const res = await member.put(`/api/listings/${listing.id}`).send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.body.errors)).toEqual(Object.keys(body));
    }
    const row = await stored(listing.id);
    expect(row).toMatchObject({ listingName: "Untouched", offeringType: listing.offeringType, marketingFlyerLink: null, agentId: null });
  });

  it("answers 404 for an unknown or malformed id", async () => {
    expect((await member.put(`/api/listings/${UNKNOWN_ID}`).send({ listingName: "x" })).status).toBe(404);
    expect((await member.put("/api/listings/not-an-id").send({ listingName: "x" })).status).toBe(404);
  });
});

describe("toggles", () => {
  it("flips isActive, moving the listing between folders", async () => {
    const listing = await createListing(ctx.db);
    const inFolder = async (folder: string) =>
      ((await member.get(`/api/listings/${folder}`)).body as { id: string }[]).some((l) => l.id === listing.id);

    const off = await member.post(`/api/listings/${listing.id}/toggle`).expect(200);
    expect(off.body).toMatchObject({ id: listing.id, isActive: false, isStarred: false, noteCount: 0 });
    expect([await inFolder("active"), await inFolder("inactive")]).toEqual([false, true]);

    const on = await member.post(`/api/listings/${listing.id}/toggle`).expect(200);
    expect(on.body.isActive).toBe(true);
    expect([await inFolder("active"), await inFolder("inactive")]).toEqual([true, false]);
  });

  it("flips isStarred and nothing else, whatever body is sent", async () => {
    const listing = await createListing(ctx.db);
    const res = await member.post(`/api/listings/${listing.id}/toggle-starred`).send({ isStarred: false, isActive: false });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ isStarred: true, isActive: true });
    expect((await member.post(`/api/listings/${listing.id}/toggle-starred`)).body.isStarred).toBe(false);
  });

  it("flips once per call, even when two calls race", async () => {
    const listing = await createListing(ctx.db);
    await Promise.all([1, 2].map(() => member.post(`/api/listings/${listing.id}/toggle-starred`).expect(200)));
    expect((await stored(listing.id)).isStarred).toBe(false);
  });

  it("answers 404 for an unknown or malformed id", async () => {
    for (const path of [`${UNKNOWN_ID}/toggle`, `${UNKNOWN_ID}/toggle-starred`, "nope/toggle", "nope/toggle-starred"]) {
      expect((await member.post(`/api/listings/${path}`)).status, path).toBe(404);
    }
  });
});

describe("DELETE /api/listings/:id", () => {
  it("deletes the listing and its notes, then answers 404", async () => {
    const listing = await createListing(ctx.db);
    await addNote(listing.id);
    expect((await member.delete(`/api/listings/${listing.id}`)).status).toBe(204);
    expect(await stored(listing.id)).toBeUndefined();
    expect((await ctx.db.select().from(listingNotes).where(eq(listingNotes.listingId, listing.id))).length).toBe(0);
    expect((await member.get(`/api/listings/${listing.id}`)).status).toBe(404);
    expect((await member.delete(`/api/listings/${listing.id}`)).status).toBe(404);
    expect((await member.delete("/api/listings/x")).status).toBe(404);
  });
});
