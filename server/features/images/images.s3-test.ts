// The image routes over a real bucket (see vitest.s3.config.ts): browsers PUT straight to the
// bucket, and the app checks each upload the first time it is asked for.
import { eq, inArray, sql } from "drizzle-orm";
import sharp from "sharp";
import supertest from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uploadedObjects } from "../../db/tables.js";
import { toAppImageUrl } from "../../integrations/storage/image-urls.js";
import { createTestBucket } from "../../integrations/storage/s3-test-bucket.js";
import { createTestContext, type TestClient, type TestContext } from "../../test/test-app.js";
import { pngClaiming } from "../../integrations/storage/test-images.js";
import { runDueJobs, seedRecurringJobs } from "../../jobs/worker.js";
import { imageJobHandlers } from "./sweep.js";
import { requestUploadUrl, TINY_PNG } from "../../test/uploads.js";
import { UPLOAD_QUOTA_MESSAGE } from "./upload-quota.js";

let bucket: Awaited<ReturnType<typeof createTestBucket>>;
let ctx: TestContext;
let member: TestClient;
beforeAll(async () => {
  bucket = await createTestBucket();
  ctx = await createTestContext({ storage: bucket.storage });
  member = (await ctx.userAgent()).agent;
});
afterAll(async () => {
  await ctx.close();
  await bucket.destroy();
});

const keyOf = (imageUrl: string) => imageUrl.split("/").pop()!;
const rowOf = async (imageUrl: string) =>
  (await ctx.db.select().from(uploadedObjects).where(eq(uploadedObjects.key, keyOf(imageUrl))))[0];
const putToBucket = (uploadURL: string, body: Buffer | string, type = "image/png") =>
  fetch(uploadURL, {
    method: "PUT",
    body: typeof body === "string" ? body : new Uint8Array(body),
    headers: { "Content-Type": type },
  });

async function upload(body: Buffer | string, type?: string) {
  const { uploadURL, imageUrl } = await requestUploadUrl(member);
  expect((await putToBucket(uploadURL, body, type)).status).toBe(200);
  return { uploadURL, imageUrl };
}

describe("images in an S3 bucket", () => {
  it("hands out a presigned bucket URL for incoming/<key>; the bucket address maps to the app URL", async () => {
    const { uploadURL, imageUrl } = await requestUploadUrl(member);
    const url = new URL(uploadURL);
    expect(url.origin).toBe(new URL(process.env.TEST_S3_ENDPOINT!).origin);
    expect(url.pathname).toBe(`/${bucket.config.bucket}/incoming/${keyOf(imageUrl)}`);
    expect(Number(url.searchParams.get("X-Amz-Expires"))).toBeLessThanOrEqual(900);
    expect(imageUrl).toMatch(/^\/api\/objects\/images\/[0-9a-f-]{36}$/);
    expect(toAppImageUrl(uploadURL.split("?")[0], bucket.storage)).toBe(imageUrl);
    expect(toAppImageUrl("https://cdn.example.com/photo.jpg", bucket.storage)).toBe("https://cdn.example.com/photo.jpg");
  });

  it("lets the browser reach the bucket under the CSP", async () => {
    const csp = (await member.get("/api/health")).headers["content-security-policy"];
    const origin = new URL(process.env.TEST_S3_ENDPOINT!).origin;
    expect(csp).toMatch(new RegExp(`connect-src 'self' ${origin.replace(/[.]/g, "\\.")}`));
  });

  it("checks an upload on first request, moves it out of the upload URL's reach and serves it", async () => {
    const { uploadURL, imageUrl } = await upload(TINY_PNG);
    expect((await rowOf(imageUrl)).status).toBe("pending");
    expect(await member.get(imageUrl).then((r) => r.status)).toBe(200);

    const res = await member.get(imageUrl).buffer(true);
    expect(res.headers["content-type"]).toBe("image/png");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["cache-control"]).toBe("private, max-age=31536000, immutable");
    expect(Buffer.from(res.body).equals(TINY_PNG)).toBe(true);
    expect(await rowOf(imageUrl)).toMatchObject({ status: "stored", contentType: "image/png", size: TINY_PNG.length });
    const key = keyOf(imageUrl);
    expect(await bucket.names()).toContain(`images/${key}`);
    expect(await bucket.names()).not.toContain(`incoming/${key}`);

    // The presigned URL still works until it expires, but what it writes now is never served.
    expect((await putToBucket(uploadURL, "<!doctype html><script>alert(1)</script>", "text/html")).status).toBe(200);
    const after = await member.get(imageUrl).buffer(true);
    expect(Buffer.from(after.body).equals(TINY_PNG)).toBe(true);
  });

  it("answers 404 until the upload arrives", async () => {
    const { imageUrl } = await requestUploadUrl(member);
    const res = await member.get(imageUrl);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe("Image not found");
  });

  it("refuses and deletes an upload larger than 10 MB", async () => {
    const { imageUrl } = await upload(Buffer.concat([TINY_PNG, Buffer.alloc(10 * 1024 * 1024)]));
    const res = await member.get(imageUrl);
    expect(res.status).toBe(413);
    expect(res.body.message).toBe("That file is too large. Images can be at most 10 MB");
    expect(await bucket.names()).not.toContain(`incoming/${keyOf(imageUrl)}`);
    expect((await member.get(imageUrl)).status).toBe(404);
    expect((await rowOf(imageUrl)).status).toBe("pending");
  });

  it.each([
    ["SVG", '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', "image/svg+xml"],
    ["HTML named .png", "<!doctype html><script>alert(1)</script>", "image/png"],
  ])("refuses and deletes %s", async (_name, body, type) => {
    const { imageUrl } = await upload(body, type);
    const res = await member.get(imageUrl);
    expect(res.status).toBe(415);
    expect(res.body.message).toBe("Only JPEG, PNG, WebP, GIF or AVIF images are accepted");
    const key = keyOf(imageUrl);
    expect((await bucket.names()).filter((n) => n.includes(key))).toEqual([]);
  });

  it("serves the image to every signed-in user and nobody else", async () => {
    const { imageUrl } = await upload(TINY_PNG);
    const { agent: other } = await ctx.userAgent();
    expect((await other.get(imageUrl)).status).toBe(200);
    expect((await supertest(ctx.app).get(imageUrl)).status).toBe(401);
  });

  it("keeps the 600 px WebP copy in the bucket", async () => {
    const original = await sharp({ create: { width: 1200, height: 900, channels: 3, background: "#118844" } }).jpeg().toBuffer();
    const { imageUrl } = await upload(original, "image/jpeg");
    const res = await member.get(`${imageUrl}?w=600`).buffer(true);
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("image/webp");
    expect((await sharp(Buffer.from(res.body)).metadata()).width).toBe(600);
    expect(await bucket.names()).toContain(`thumbs/${keyOf(imageUrl)}-w600.webp`);
  });

  it("refuses the app's own PUT route: uploads go to the bucket", async () => {
    const { imageUrl } = await requestUploadUrl(member);
    expect((await member.put(`${imageUrl}?expires=1&signature=x`).send(TINY_PNG)).status).toBe(405);
  });

  it("refuses and deletes an upload whose header declares more than 50 megapixels", async () => {
    const { imageUrl } = await upload(pngClaiming(10_000, 10_000));
    const res = await member.get(imageUrl);
    expect(res.status).toBe(413);
    expect(res.body.message).toBe("That image is too large. Images can be at most 50 megapixels");
    expect((await bucket.names()).filter((n) => n.includes(keyOf(imageUrl)))).toEqual([]);
    expect((await rowOf(imageUrl)).status).toBe("pending");
  });

  it("counts a bucket upload against its uploader's bytes when it is first checked", async () => {
    const small = await createTestContext({ storage: bucket.storage, images: { quota: { uploadsPerHour: 10, bytesPerHour: TINY_PNG.length * 2 } } });
    try {
      const agent = (await small.userAgent()).agent;
      const links = [await requestUploadUrl(agent), await requestUploadUrl(agent), await requestUploadUrl(agent)];
      for (const link of links) expect((await putToBucket(link.uploadURL, TINY_PNG)).status).toBe(200);
      expect((await agent.get(links[0].imageUrl)).status).toBe(200);
      expect((await agent.get(links[1].imageUrl)).status).toBe(200);
      const third = await agent.get(links[2].imageUrl);
      expect(third.status).toBe(429);
      expect(third.body.message).toBe(UPLOAD_QUOTA_MESSAGE);
      expect((await bucket.names()).filter((n) => n.includes(keyOf(links[2].imageUrl)))).toEqual([]);
    } finally {
      await small.close();
    }
  });

  it("sweeps uploads no listing uses from the bucket a day on: incoming, originals and thumbnails", async () => {
    const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: "#884411" } }).jpeg().toBuffer();
    const stored = await upload(photo, "image/jpeg");
    expect((await member.get(`${stored.imageUrl}?w=600`)).status).toBe(200);
    const unchecked = await upload(TINY_PNG);
    const keys = [stored.imageUrl, unchecked.imageUrl].map(keyOf);
    expect((await bucket.names()).filter((n) => keys.some((k) => n.includes(k)))).toHaveLength(3);
    await ctx.db
      .update(uploadedObjects)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(inArray(uploadedObjects.key, keys));

    const handlers = imageJobHandlers(bucket.storage);
    await seedRecurringJobs(ctx.db, handlers);
    expect(await runDueJobs(ctx.db, handlers)).toEqual({ done: 1, failed: 0 });
    expect((await bucket.names()).filter((n) => keys.some((k) => n.includes(k)))).toEqual([]);
    expect(await ctx.db.$count(uploadedObjects, inArray(uploadedObjects.key, keys))).toBe(0);
  });
});
