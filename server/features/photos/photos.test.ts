// The photo gallery's routes and rules, over a real database and real uploads.
import { and, count, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { versionTag } from "../../../shared/edit-conflicts.js";
import { MAX_PHOTOS_PER_LISTING, TOO_MANY_PHOTOS_MESSAGE, type Photo } from "../../../shared/photos.js";
import { auditEvents, listingPhotos, uploadedObjects } from "../../db/tables.js";
import { startTestServer, type TestServer } from "../../integrations/flyer-link/test-server.js";
import { temporaryStorage } from "../../integrations/storage/local-storage.js";
import { createListing, validListingInput } from "../../test/factories.js";
import { createTestContext, type TestClient, type TestContext } from "../../test/test-app.js";
import { uploadImage } from "../../test/uploads.js";
import { sweepUnusedUploads } from "../images/sweep.js";
import { confirmedPhotosForListing } from "./service.js";
import { TIMEOUT } from "../../../testing/timeouts.ts";

let ctx: TestContext;
let member: TestClient;
let admin: TestClient;
let site: TestServer;
/** 64x48 as stored, shown upright as 48x64 (EXIF orientation 6). */
let turnedJpeg: Buffer;

beforeAll(async () => {
  turnedJpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#2266aa" } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .toBuffer();
  const flyerPhoto = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#cc5500" } }).jpeg().toBuffer();
  site = await startTestServer((_req, res) => res.writeHead(200, { "Content-Type": "image/jpeg" }).end(flyerPhoto));
  ctx = await createTestContext({ storage: temporaryStorage(), env: { TRUST_PROXY: false, AUTH_SCRYPT_COST: 12, FLYER_ALLOW_PRIVATE_NETWORKS: true } });
  member = (await ctx.userAgent()).agent;
  admin = (await ctx.userAgent({ isAdmin: true })).agent;
}, TIMEOUT.slow);
afterAll(async () => {
  await ctx.close();
  await site.close();
});

const photosOf = async (listingId: string): Promise<Photo[]> => (await member.get(`/api/listings/${listingId}/photos`).expect(200)).body;
const listingOf = async (listingId: string) => (await member.get(`/api/listings/${listingId}`).expect(200)).body;
const addPhoto = async (listingId: string, body: Record<string, unknown> = {}, as = member): Promise<Photo> =>
  (await as.post(`/api/listings/${listingId}/photos`).send({ url: await uploadImage(as), ...body }).expect(201)).body;
const entriesOf = async (listingId: string, kind: string) =>
  (await ctx.db.select({ n: count() }).from(auditEvents).where(and(eq(auditEvents.listingId, listingId), eq(auditEvents.kind, kind))))[0].n;

/** What a refused request must leave as it was: the gallery, the listing's version and its image. */
async function snapshot(listingId: string) {
  const listing = await listingOf(listingId);
  return { photos: await photosOf(listingId), version: listing.version, imageUrl: listing.imageUrl };
}

describe("adding photos", () => {
  it("makes the first photo the cover and the listing's image, with its grid copy made and cached for good", async () => {
    const listing = await createListing(ctx.db);
    const url = await uploadImage(member, turnedJpeg);
    const res = await member.post(`/api/listings/${listing.id}/photos`).send({ url, kind: "aerial", caption: "  From the north  " }).expect(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      url,
      thumbnailUrl: `${url}?w=320`,
      kind: "aerial",
      caption: "From the north",
      position: 0,
      isCover: true,
      width: 48,
      height: 64,
      sourceUrl: null,
      rightsConfirmed: true,
    });
    const after = await listingOf(listing.id);
    expect(after.imageUrl).toBe(url);
    expect(after.version).toBe(listing.version + 1);

    const thumb = await member.get(res.body.thumbnailUrl).expect(200);
    expect(thumb.headers["content-type"]).toBe("image/webp");
    expect(thumb.headers["cache-control"]).toBe("private, max-age=31536000, immutable");
    expect(await entriesOf(listing.id, "listing.photo-added")).toBe(1);
  });

  it("adds later photos at the end, not as the cover, and lists them in order (admins too)", async () => {
    const listing = await createListing(ctx.db);
    const first = await addPhoto(listing.id);
    const second = await addPhoto(listing.id, { kind: "floorPlan" }, admin);
    expect(second).toMatchObject({ position: 1, isCover: false, kind: "floorPlan", caption: "" });
    expect((await photosOf(listing.id)).map((p) => p.id)).toEqual([first.id, second.id]);
    expect((await listingOf(listing.id)).imageUrl).toBe(first.url);
  });

  it("refuses bad input with a message and changes nothing", async () => {
    const listing = await createListing(ctx.db);
    await addPhoto(listing.id);
    const before = await snapshot(listing.id);
    const url = await uploadImage(member);
    const path = `/api/listings/${listing.id}/photos`;
    const refusals: [Record<string, unknown>, RegExp][] = [
      [{ url: "https://cdn.example.com/photo.jpg" }, /uploaded here or taken from a flyer link/],
      [{ url: "/api/objects/images/00000000-0000-4000-8000-000000000000" }, /uploaded here or taken from a flyer link/],
      [{ url: before.photos[0].url }, /already in this listing's gallery/],
      [{ url, kind: "panorama" }, /Kind must be one of photo, floorPlan, sitePlan, aerial, map, other/],
      [{ url, caption: "x".repeat(301) }, /Caption must be at most 300 characters/],
      [{}, /url of an uploaded image/],
    ];
    for (const [body, message] of refusals) {
      const res = await member.post(path).send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    expect(await snapshot(listing.id)).toEqual(before);
  });

  it("refuses an upload whose bytes never arrived, and a listing that does not exist", async () => {
    const listing = await createListing(ctx.db);
    const { imageUrl } = (await member.post("/api/objects/upload").expect(200)).body;
    const res = await member.post(`/api/listings/${listing.id}/photos`).send({ url: imageUrl }).expect(400);
    expect(res.body.message).toMatch(/not finished uploading/);
    await member.post("/api/listings/00000000-0000-4000-8000-000000000000/photos").send({ url: await uploadImage(member) }).expect(404);
    await member.get("/api/listings/not-a-listing/photos").expect(404);
    expect(await photosOf(listing.id)).toEqual([]);
  });

  it(`stops at ${MAX_PHOTOS_PER_LISTING} photos: the next is 400 with a message`, async () => {
    const listing = await createListing(ctx.db);
    const url = await uploadImage(member);
    // 39 straight in the database (the same image: only the gallery's size matters here), then the 40th and 41st through the API.
    await ctx.db.insert(listingPhotos).values(
      Array.from({ length: MAX_PHOTOS_PER_LISTING - 1 }, (_, i) => ({ listingId: listing.id, url: `${url}#${i}`, position: i, rightsConfirmed: true })),
    );
    const fortieth = await addPhoto(listing.id);
    expect(fortieth.position).toBe(MAX_PHOTOS_PER_LISTING - 1);
    const before = await snapshot(listing.id);
    const res = await member.post(`/api/listings/${listing.id}/photos`).send({ url: await uploadImage(member) }).expect(400);
    expect(res.body.message).toBe(TOO_MANY_PHOTOS_MESSAGE);
    expect(await snapshot(listing.id)).toEqual(before);
  });

  it("bumps the listing's version and ETag with every gallery change, so lists and open screens refresh", async () => {
    const listing = await createListing(ctx.db);
    const photo = await addPhoto(listing.id);
    const tags = [(await member.get(`/api/listings/${listing.id}`)).headers.etag];
    await member.patch(`/api/listings/${listing.id}/photos/${photo.id}`).send({ caption: "Lobby" }).expect(200);
    tags.push((await member.get(`/api/listings/${listing.id}`)).headers.etag);
    await member.delete(`/api/listings/${listing.id}/photos/${photo.id}`).expect(204);
    tags.push((await member.get(`/api/listings/${listing.id}`)).headers.etag);
    expect(tags).toEqual([2, 3, 4].map((v) => versionTag("listing", listing.id, v)));
  });

  it("lets an edit from the version before a photo change merge instead of conflicting", async () => {
    const listing = await createListing(ctx.db);
    await member.put(`/api/listings/${listing.id}`).send({ city: "Erie" }).expect(200);
    await addPhoto(listing.id);
    await addPhoto(listing.id);
    const res = await admin.patch(`/api/listings/${listing.id}`).set("If-Match", versionTag("listing", listing.id, 2)).send({ city: "Wheeling" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.city).toBe("Wheeling");
  });
});

describe("changing photos", () => {
  it("edits kind and caption, each change on the timeline", async () => {
    const listing = await createListing(ctx.db);
    const photo = await addPhoto(listing.id);
    const res = await member.patch(`/api/listings/${listing.id}/photos/${photo.id}`).send({ kind: "sitePlan", caption: "Parcel lines" }).expect(200);
    expect(res.body).toMatchObject({ kind: "sitePlan", caption: "Parcel lines", isCover: true });
    expect(await entriesOf(listing.id, "listing.photo-edited")).toBe(1);
  });

  it("moves the cover and the listing's image with it; taking the mark off leaves the listing without an image", async () => {
    const listing = await createListing(ctx.db);
    const first = await addPhoto(listing.id);
    const second = await addPhoto(listing.id);
    await member.patch(`/api/listings/${listing.id}/photos/${second.id}`).send({ isCover: true }).expect(200);
    expect((await photosOf(listing.id)).map((p) => p.isCover)).toEqual([false, true]);
    expect((await listingOf(listing.id)).imageUrl).toBe(second.url);

    await member.patch(`/api/listings/${listing.id}/photos/${second.id}`).send({ isCover: false }).expect(200);
    expect((await photosOf(listing.id)).map((p) => p.isCover)).toEqual([false, false]);
    expect((await listingOf(listing.id)).imageUrl).toBeNull();
    expect(await entriesOf(listing.id, "listing.photo-cover-changed")).toBe(2);
    expect(first.isCover).toBe(true);
  });

  it("answers another listing's photo id with 404 and changes nothing on either", async () => {
    const mine = await createListing(ctx.db);
    const theirs = await createListing(ctx.db);
    await addPhoto(mine.id);
    const foreign = await addPhoto(theirs.id);
    const before = [await snapshot(mine.id), await snapshot(theirs.id)];
    for (const req of [
      member.patch(`/api/listings/${mine.id}/photos/${foreign.id}`).send({ caption: "Not yours" }),
      member.delete(`/api/listings/${mine.id}/photos/${foreign.id}`),
    ]) {
      const res = await req;
      expect(res.status).toBe(404);
      expect(res.body.message).toBe("That photo is not in this listing's gallery");
    }
    await member.patch(`/api/listings/${mine.id}/photos/abc`).send({ caption: "x" }).expect(400);
    expect([await snapshot(mine.id), await snapshot(theirs.id)]).toEqual(before);
  });

  it("refuses a PATCH with nothing in it or a bad value, and changes nothing", async () => {
    const listing = await createListing(ctx.db);
    const photo = await addPhoto(listing.id);
    const before = await snapshot(listing.id);
    for (const body of [{}, { kind: "panorama" }, { caption: "y".repeat(301) }, { isCover: "yes" }, { rightsConfirmed: 1 }]) {
      const res = await member.patch(`/api/listings/${listing.id}/photos/${photo.id}`).send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBeTruthy();
    }
    expect(await snapshot(listing.id)).toEqual(before);
  });
});

describe("deleting photos", () => {
  it("makes the first photo left the cover when the cover goes, and clears the image with the last one", async () => {
    const listing = await createListing(ctx.db);
    const first = await addPhoto(listing.id);
    const second = await addPhoto(listing.id);
    const third = await addPhoto(listing.id);
    await member.delete(`/api/listings/${listing.id}/photos/${first.id}`).expect(204);
    expect((await photosOf(listing.id)).map((p) => [p.id, p.isCover])).toEqual([
      [second.id, true],
      [third.id, false],
    ]);
    expect((await listingOf(listing.id)).imageUrl).toBe(second.url);
    await member.delete(`/api/listings/${listing.id}/photos/${third.id}`).expect(204);
    expect((await listingOf(listing.id)).imageUrl).toBe(second.url);
    await admin.delete(`/api/listings/${listing.id}/photos/${second.id}`).expect(204);
    expect((await listingOf(listing.id)).imageUrl).toBeNull();
    expect(await photosOf(listing.id)).toEqual([]);
    expect(await entriesOf(listing.id, "listing.photo-removed")).toBe(3);
  });

  it("goes with its listing", async () => {
    const listing = await createListing(ctx.db);
    await addPhoto(listing.id);
    await member.delete(`/api/listings/${listing.id}`).expect(204);
    const [left] = await ctx.db.select({ n: count() }).from(listingPhotos).where(eq(listingPhotos.listingId, listing.id));
    expect(left.n).toBe(0);
  });

  it("keeps a gallery photo's upload through the sweep of unused uploads, and lets a deleted one go", async () => {
    const listing = await createListing(ctx.db);
    const kept = await addPhoto(listing.id);
    const cover = await addPhoto(listing.id);
    await member.patch(`/api/listings/${listing.id}/photos/${cover.id}`).send({ isCover: true }).expect(200);
    const gone = await addPhoto(listing.id);
    await member.delete(`/api/listings/${listing.id}/photos/${gone.id}`).expect(204);
    const keyOf = (url: string) => url.split("/").pop()!;
    const dayLater = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000);
    await sweepUnusedUploads({ db: ctx.db, storage: temporaryStorage(), now: dayLater });
    const rows = await ctx.db.select({ key: uploadedObjects.key }).from(uploadedObjects);
    const keys = new Set(rows.map((r) => r.key));
    expect(keys.has(keyOf(kept.url)), "a photo that is not the cover").toBe(true);
    expect(keys.has(keyOf(cover.url))).toBe(true);
    expect(keys.has(keyOf(gone.url))).toBe(false);
  });
});

describe("reordering", () => {
  it("takes a permutation of the listing's photo ids", async () => {
    const listing = await createListing(ctx.db);
    const [a, b, c] = [await addPhoto(listing.id), await addPhoto(listing.id), await addPhoto(listing.id)];
    const res = await member.put(`/api/listings/${listing.id}/photos/order`).send({ ids: [c.id, a.id, b.id] }).expect(200);
    expect(res.body.map((p: Photo) => [p.id, p.position])).toEqual([
      [c.id, 0],
      [a.id, 1],
      [b.id, 2],
    ]);
    expect((await photosOf(listing.id)).map((p) => p.id)).toEqual([c.id, a.id, b.id]);
    // The cover stays the cover wherever it goes.
    expect((await photosOf(listing.id)).find((p) => p.isCover)?.id).toBe(a.id);
    expect(await entriesOf(listing.id, "listing.photos-reordered")).toBe(1);
  });

  it("refuses anything but a permutation with a message and changes nothing", async () => {
    const listing = await createListing(ctx.db);
    const [a, b] = [await addPhoto(listing.id), await addPhoto(listing.id)];
    const other = await addPhoto((await createListing(ctx.db)).id);
    const before = await snapshot(listing.id);
    for (const ids of [[a.id], [a.id, b.id, b.id], [a.id, a.id], [a.id, other.id], [b.id, a.id, other.id], [], "1,2", [a.id, 1.5]]) {
      const res = await member.put(`/api/listings/${listing.id}/photos/order`).send({ ids });
      expect(res.status, JSON.stringify(ids)).toBe(400);
      expect(res.body.message).toBeTruthy();
    }
    expect(await snapshot(listing.id)).toEqual(before);
  });

  it("under concurrent reorders keeps one complete order, never a mix", async () => {
    const listing = await createListing(ctx.db);
    const photos: Photo[] = [];
    for (let i = 0; i < 6; i++) photos.push(await addPhoto(listing.id));
    const ids = photos.map((p) => p.id);
    const orders = [ids, [...ids].reverse(), [...ids.slice(3), ...ids.slice(0, 3)], [ids[1], ids[0], ids[3], ids[2], ids[5], ids[4]]];
    const replies = await Promise.all(orders.map((order, i) => (i % 2 ? admin : member).put(`/api/listings/${listing.id}/photos/order`).send({ ids: order })));
    for (const reply of replies) expect(reply.status).toBe(200);
    const final = (await photosOf(listing.id)).map((p) => p.id);
    expect(orders).toContainEqual(final);
    // Each reply is the gallery as that reorder left it: a whole order too.
    for (const reply of replies) expect(orders).toContainEqual(reply.body.map((p: Photo) => p.id));
  });
});

describe("the spec's single image and the cover", () => {
  it("gives a listing created with an image a one-photo gallery with it as the cover", async () => {
    const url = await uploadImage(member);
    const created = await member.post("/api/listings").send(validListingInput({ imageUrl: url })).expect(201);
    expect(await photosOf(created.body.id)).toEqual([expect.objectContaining({ url, isCover: true, position: 0, rightsConfirmed: true, sourceUrl: null })]);
  });

  it("makes a new image the cover, adding it; an image already in the gallery only moves the cover; clearing takes the mark off and keeps the photo", async () => {
    const listing = await createListing(ctx.db);
    const first = await addPhoto(listing.id);
    const replacement = await uploadImage(member);
    await member.patch(`/api/listings/${listing.id}`).send({ imageUrl: replacement }).expect(200);
    expect((await photosOf(listing.id)).map((p) => [p.url, p.isCover])).toEqual([
      [first.url, false],
      [replacement, true],
    ]);

    await member.put(`/api/listings/${listing.id}`).send({ imageUrl: first.url }).expect(200);
    expect((await photosOf(listing.id)).map((p) => [p.url, p.isCover])).toEqual([
      [first.url, true],
      [replacement, false],
    ]);

    await member.patch(`/api/listings/${listing.id}`).send({ imageUrl: null }).expect(200);
    expect((await photosOf(listing.id)).map((p) => p.isCover)).toEqual([false, false]);
    expect((await listingOf(listing.id)).imageUrl).toBeNull();
    expect(await entriesOf(listing.id, "listing.photo-added")).toBe(1);
  });

  it("keeps an image the spec allows from elsewhere as an unconfirmed photo with its address as the source", async () => {
    const listing = await createListing(ctx.db);
    await member.patch(`/api/listings/${listing.id}`).send({ imageUrl: "https://cdn.example.com/storefront.jpg" }).expect(200);
    expect(await photosOf(listing.id)).toEqual([
      expect.objectContaining({
        url: "https://cdn.example.com/storefront.jpg",
        thumbnailUrl: "https://cdn.example.com/storefront.jpg",
        isCover: true,
        sourceUrl: "https://cdn.example.com/storefront.jpg",
        rightsConfirmed: false,
        width: null,
      }),
    ]);
  });

  it("refuses an edit that would add a 41st photo, and changes nothing", async () => {
    const listing = await createListing(ctx.db);
    await ctx.db.insert(listingPhotos).values(
      Array.from({ length: MAX_PHOTOS_PER_LISTING }, (_, i) => ({ listingId: listing.id, url: `/api/objects/images/x-${i}`, position: i, rightsConfirmed: true })),
    );
    const res = await member.patch(`/api/listings/${listing.id}`).send({ imageUrl: await uploadImage(member), city: "Erie" }).expect(400);
    expect(res.body.message).toBe(TOO_MANY_PHOTOS_MESSAGE);
    const after = await listingOf(listing.id);
    expect([after.imageUrl, after.city, after.version]).toEqual([null, listing.city, listing.version]);
  });
});

describe("image rights", () => {
  it("starts a photo pulled from a flyer unconfirmed with its source, and keeps it out of outside-facing output until confirmed", async () => {
    const flyerUrl = `${site.origin}/flyer-photo.jpg`;
    const { imageUrl } = (await member.post("/api/looplink/extract-image").send({ flyerUrl }).expect(200)).body;
    const listing = await createListing(ctx.db);
    const pulled = (await member.post(`/api/listings/${listing.id}/photos`).send({ url: imageUrl }).expect(201)).body as Photo;
    expect(pulled).toMatchObject({ sourceUrl: flyerUrl, rightsConfirmed: false, isCover: true, width: 300, height: 200 });
    const own = await addPhoto(listing.id);
    const third = await addPhoto(listing.id);
    expect((await confirmedPhotosForListing(ctx.db, listing.id)).map((p) => p.id)).toEqual([own.id, third.id]);

    await member.patch(`/api/listings/${listing.id}/photos/${pulled.id}`).send({ rightsConfirmed: true }).expect(200);
    expect(await entriesOf(listing.id, "listing.photo-rights-confirmed")).toBe(1);
    // The cover first, then in the gallery's order.
    await member.put(`/api/listings/${listing.id}/photos/order`).send({ ids: [third.id, own.id, pulled.id] }).expect(200);
    expect((await confirmedPhotosForListing(ctx.db, listing.id)).map((p) => p.id)).toEqual([pulled.id, third.id, own.id]);
  });

  it("takes a flyer image set as the listing's image through the spec's form as unconfirmed too", async () => {
    const flyerUrl = `${site.origin}/another-flyer.jpg`;
    const { imageUrl } = (await member.post("/api/looplink/extract-image").send({ flyerUrl }).expect(200)).body;
    const created = await member.post("/api/listings").send(validListingInput({ imageUrl, marketingFlyerLink: flyerUrl })).expect(201);
    expect(await photosOf(created.body.id)).toEqual([expect.objectContaining({ url: imageUrl, sourceUrl: flyerUrl, rightsConfirmed: false })]);
    expect(await confirmedPhotosForListing(ctx.db, created.body.id)).toEqual([]);
  });
});
