// One member could take upload URLs and store images without limit.
import { eq, sql } from "drizzle-orm";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uploadedObjects } from "../../db/tables.js";
import { createLogger } from "../../logger.js";
import { createLocalStorage } from "../../integrations/storage/local-storage.js";
import { createTestContext, type TestClient, type TestContext } from "../../test/test-app.js";
import { TEST_SECRET } from "../../test/test-constants.js";
import { createImageService } from "./service.js";
import { requestUploadUrl, TINY_PNG } from "../../test/uploads.js";
import { UPLOAD_QUOTA_MESSAGE } from "./upload-quota.js";

const quota = { uploadsPerHour: 4, bytesPerHour: 3_000 };
// Valid PNGs of a known size: the tiny one with zeros after its end.
const pngOf = (size: number) => Buffer.concat([TINY_PNG, Buffer.alloc(size - TINY_PNG.length)]);

let ctx: TestContext;
let dir: string;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "upload-quota-test-"));
  ctx = await createTestContext({ storage: createLocalStorage(dir), images: { quota } });
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const member = async () => (await ctx.userAgent()).agent;
const userIdOf = async (agent: TestClient) => (await agent.get("/api/user")).body.id as number;
/** Moves all of a user's uploads an hour and a minute into the past. */
const anHourLater = async (agent: TestClient) =>
  ctx.db
    .update(uploadedObjects)
    .set({ createdAt: sql`${uploadedObjects.createdAt} - interval '61 minutes'` })
    .where(eq(uploadedObjects.userId, await userIdOf(agent)));

describe("upload quota per user per hour", () => {
  it("issues upload URLs up to the hourly count, then answers 429 with a message", async () => {
    const agent = await member();
    for (let i = 0; i < quota.uploadsPerHour; i++) await requestUploadUrl(agent);
    const res = await agent.post("/api/objects/upload");
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ message: UPLOAD_QUOTA_MESSAGE });
    expect(UPLOAD_QUOTA_MESSAGE).toBe("You have uploaded a lot of images in the last hour. Please wait a while and try again.");
    // Only the refused request's row is missing.
    expect(await ctx.db.$count(uploadedObjects, eq(uploadedObjects.userId, await userIdOf(agent)))).toBe(quota.uploadsPerHour);

    // Teammates have quotas of their own, and the hour rolls on.
    expect((await (await member()).post("/api/objects/upload")).status).toBe(200);
    await anHourLater(agent);
    expect((await agent.post("/api/objects/upload")).status).toBe(200);
  });

  it("lets no more than the quota through when requests race", async () => {
    const agent = await member();
    const results = await Promise.all(Array.from({ length: 10 }, () => agent.post("/api/objects/upload")));
    expect(results.filter((r) => r.status === 200)).toHaveLength(quota.uploadsPerHour);
    expect(results.filter((r) => r.status === 429)).toHaveLength(10 - quota.uploadsPerHour);
  });

  it("counts bytes as they arrive: an upload past the hour's bytes is refused and not kept", async () => {
    const agent = await member();
    const first = await requestUploadUrl(agent);
    const second = await requestUploadUrl(agent);
    expect((await agent.put(first.uploadURL).send(pngOf(2_000))).status).toBe(200);

    const res = await agent.put(second.uploadURL).send(pngOf(1_500));
    expect(res.status).toBe(429);
    expect(res.body.message).toBe(UPLOAD_QUOTA_MESSAGE);
    const key = second.imageUrl.split("/").pop()!;
    expect(fs.existsSync(path.join(dir, "images", key))).toBe(false);
    expect(fs.readdirSync(path.join(dir, "tmp"))).toEqual([]);
    // What still fits is accepted through the same link.
    expect((await agent.put(second.uploadURL).send(pngOf(1_000))).status).toBe(200);
    // With the bytes used up, no more links are issued.
    expect((await agent.post("/api/objects/upload")).status).toBe(429);
  });

  it("lets only what fits through when uploads race for the last bytes", async () => {
    const agent = await member();
    const links = await Promise.all([requestUploadUrl(agent), requestUploadUrl(agent)]);
    const results = await Promise.all(links.map((l) => agent.put(l.uploadURL).send(pngOf(2_000))));
    expect(results.map((r) => r.status).sort()).toEqual([200, 429]);
    const stored = await ctx.db.$count(uploadedObjects, sql`${uploadedObjects.userId} = ${await userIdOf(agent)} and ${uploadedObjects.status} = 'stored'`);
    expect(stored).toBe(1);
  });

  it("refuses a declared length past the hour's bytes before reading the body", async () => {
    const agent = await member();
    const { uploadURL } = await requestUploadUrl(agent);
    const res = await agent.put(uploadURL).send(pngOf(quota.bytesPerHour + 1));
    expect(res.status).toBe(429);
    expect(res.headers.connection).toBe("close");
  });

  it("counts images saved from flyers too", async () => {
    const images = createImageService({
      db: ctx.db,
      storage: createLocalStorage(dir),
      sessionSecret: TEST_SECRET,
      logger: createLogger("silent"),
      config: { quota },
    });
    const { user } = await ctx.userAgent();
    for (let i = 0; i < quota.uploadsPerHour; i++) await images.saveImage(user.id, TINY_PNG, "https://example.com/flyer.pdf");
    await expect(images.saveImage(user.id, TINY_PNG, "https://example.com/flyer.pdf")).rejects.toMatchObject({ status: 429, message: UPLOAD_QUOTA_MESSAGE });
  });
});
