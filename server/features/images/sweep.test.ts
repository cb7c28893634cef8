// Uploads no listing used were kept for ever.
import { eq, inArray, sql } from "drizzle-orm";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { jobs, uploadedObjects } from "../../db/tables.js";
import { imageObjects } from "../../integrations/storage/image-urls.js";
import { createLocalStorage } from "../../integrations/storage/local-storage.js";
import type { LocalObjectStorage } from "../../integrations/storage/object-storage.js";
import { recurringKey } from "../../jobs/queue.js";
import { runDueJobs, seedRecurringJobs } from "../../jobs/worker.js";
import { createListing } from "../../test/factories.js";
import { createTestContext, type TestClient, type TestContext } from "../../test/test-app.js";
import { LARGE_COPY_WIDTH } from "./service.js";
import { imageJobHandlers, sweepUnusedUploads, SWEEP_UNUSED_UPLOADS } from "./sweep.js";
import { requestUploadUrl, uploadImage } from "../../test/uploads.js";

const HOUR = 60 * 60 * 1000;

let ctx: TestContext;
let dir: string;
let storage: LocalObjectStorage;
let member: TestClient;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "sweep-test-"));
  storage = createLocalStorage(dir);
  ctx = await createTestContext({ storage });
  member = (await ctx.userAgent()).agent;
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(dir, { recursive: true, force: true });
});
beforeEach(async () => {
  await ctx.db.delete(uploadedObjects);
  await ctx.db.delete(jobs);
});

const keyOf = (url: string) => url.split("?")[0].split("/").pop()!;
const photo = () => sharp({ create: { width: 800, height: 600, channels: 3, background: "#446688" } }).jpeg().toBuffer();
const exists = (name: string) => fs.existsSync(path.join(dir, name));
const rowKeys = async () => (await ctx.db.select({ key: uploadedObjects.key }).from(uploadedObjects)).map((r) => r.key).sort();

/** Makes uploads look `hours` old (the sweep goes by when the upload URL was issued). */
async function age(urls: string[], hours: number) {
  await ctx.db
    .update(uploadedObjects)
    .set({ createdAt: sql`now() - make_interval(hours => ${hours})` })
    .where(inArray(uploadedObjects.key, urls.map(keyOf)));
}

/** An uploaded image with its 600 px copy made, as a card showing it would leave it. */
async function uploadWithThumbnail(): Promise<string> {
  const url = await uploadImage(member, await photo());
  expect((await member.get(`${url}?w=600`)).status).toBe(200);
  return url;
}

describe("the hourly sweep of unused uploads", () => {
  it("deletes uploads no listing uses once a day old, with their thumbnails, and keeps the rest", async () => {
    const used = await uploadWithThumbnail();
    const usedByFullAddress = await uploadImage(member, await photo());
    const unused = await uploadWithThumbnail();
    // The public page's large copy, as a visitor's request leaves it.
    await storage.put(imageObjects.thumbnail(keyOf(unused), LARGE_COPY_WIDTH), Buffer.from("copy"), "image/webp");
    const recent = await uploadImage(member, await photo());
    const neverUploaded = (await requestUploadUrl(member)).imageUrl;
    await createListing(ctx.db, { imageUrl: used });
    await createListing(ctx.db, { imageUrl: `https://desk.example.com${usedByFullAddress}` });
    await age([used, usedByFullAddress, unused, neverUploaded], 25);
    await age([recent], 23);

    await seedRecurringJobs(ctx.db, imageJobHandlers(storage));
    const now = new Date();
    expect(await runDueJobs(ctx.db, imageJobHandlers(storage), { now })).toEqual({ done: 1, failed: 0 });

    expect(await rowKeys()).toEqual([used, usedByFullAddress, recent].map(keyOf).sort());
    expect(exists(`images/${keyOf(unused)}`)).toBe(false);
    expect(exists(`thumbs/${keyOf(unused)}-w600.webp`)).toBe(false);
    expect(exists(`thumbs/${keyOf(unused)}-w1600.webp`)).toBe(false);
    expect(exists(`images/${keyOf(used)}`)).toBe(true);
    expect(exists(`thumbs/${keyOf(used)}-w600.webp`)).toBe(true);
    expect(exists(`images/${keyOf(usedByFullAddress)}`)).toBe(true);
    expect(exists(`images/${keyOf(recent)}`)).toBe(true);
    expect((await member.get(unused)).status).toBe(404);
    expect((await member.get(used)).status).toBe(200);

    // Once an hour: the job stays queued for the next run.
    const [job] = await ctx.db.select().from(jobs).where(eq(jobs.uniqueKey, recurringKey(SWEEP_UNUSED_UPLOADS)));
    expect(job.runAt).toEqual(new Date(now.getTime() + HOUR));
  });

  it("sweeps an upload once the listing that used it lets it go, a day after it was uploaded", async () => {
    const url = await uploadImage(member, await photo());
    const listing = await createListing(ctx.db, { imageUrl: url });
    await age([url], 30);
    expect(await sweepUnusedUploads({ db: ctx.db, storage, now: new Date() })).toBe(0);
    await ctx.db.execute(sql`update listings set image_url = null where id = ${listing.id}`);
    expect(await sweepUnusedUploads({ db: ctx.db, storage, now: new Date() })).toBe(1);
    expect(exists(`images/${keyOf(url)}`)).toBe(false);
  });

  it("works in bounded batches, leaving the rest for the next pass", async () => {
    const urls = await Promise.all([1, 2, 3, 4, 5].map(async () => (await requestUploadUrl(member)).imageUrl));
    await age(urls, 48);
    expect(await sweepUnusedUploads({ db: ctx.db, storage, now: new Date(), batchSize: 2, maxBatches: 2 })).toBe(4);
    expect(await rowKeys()).toHaveLength(1);
    expect(await sweepUnusedUploads({ db: ctx.db, storage, now: new Date(), batchSize: 2, maxBatches: 2 })).toBe(1);
    expect(await rowKeys()).toEqual([]);
  });

  it("keeps a row whose objects could not be deleted, for the next pass to retry", async () => {
    const url = await uploadImage(member, await photo());
    await age([url], 25);
    const failing: LocalObjectStorage = { ...storage, delete: () => Promise.reject(new Error("storage unavailable")) };
    const handlers = imageJobHandlers(failing);
    await seedRecurringJobs(ctx.db, handlers);
    expect(await runDueJobs(ctx.db, handlers)).toEqual({ done: 0, failed: 1 });
    expect(await rowKeys()).toEqual([keyOf(url)]);
    expect(exists(`images/${keyOf(url)}`)).toBe(true);
  });
});
