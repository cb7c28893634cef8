import { eq } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import supertest from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uploadedObjects } from "../../db/tables.js";
import { createLocalStorage } from "../../integrations/storage/local-storage.js";
import { createTestContext, type TestClient, type TestContext } from "../../test/test-app.js";
import { TEST_SECRET } from "../../test/test-constants.js";
import { pngClaiming } from "../../integrations/storage/test-images.js";
import { requestUploadUrl, TINY_PNG, uploadImage } from "../../test/uploads.js";
import { uploadSigner } from "../../integrations/storage/upload-signature.js";

let ctx: TestContext;
let dir: string;
let member: TestClient;
let memberCookie: string;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "images-test-"));
  ctx = await createTestContext({ storage: createLocalStorage(dir) });
  const signedIn = await ctx.userAgent();
  member = signedIn.agent;
  memberCookie = (await member.get("/api/user")).request.cookies;
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const keyOf = (url: string) => url.split("?")[0].split("/").pop()!;
const rowOf = async (url: string) =>
  (await ctx.db.select().from(uploadedObjects).where(eq(uploadedObjects.key, keyOf(url))))[0];
const storedFiles = () => fs.readdirSync(path.join(dir, "images"), { withFileTypes: true }).map((f) => f.name);
const leftovers = () => fs.readdirSync(path.join(dir, "tmp"));
const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#2266aa" } }).png().toBuffer();

/** PUT with chunked encoding, which declares no length: only counting the bytes can stop it. */
async function putChunked(url: string, body: Buffer): Promise<{ status: number; body: string }> {
  const server = ctx.app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  try {
    return await new Promise((resolve, reject) => {
      const req = http.request(
        { host: "127.0.0.1", port, path: url, method: "PUT", headers: { Cookie: memberCookie, "Transfer-Encoding": "chunked" } },
        (res) => {
          let text = "";
          res.on("data", (c) => (text += c));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
        },
      );
      // The server may hang up before all of it is sent; the answer still arrives.
      req.on("error", reject);
      for (let at = 0; at < body.length; at += 256 * 1024) req.write(body.subarray(at, at + 256 * 1024));
      req.end();
    });
  } finally {
    server.closeAllConnections();
    server.close();
  }
}

describe("POST /api/objects/upload", () => {
  it("answers a signed local upload URL valid for 15 minutes, and the image URL it will become", async () => {
    const before = Math.floor(Date.now() / 1000);
    const { uploadURL, imageUrl } = await requestUploadUrl(member);
    const url = new URL(uploadURL, "http://app.test");
    expect(url.pathname).toMatch(/^\/api\/objects\/images\/[0-9a-f-]{36}$/);
    expect(imageUrl).toBe(url.pathname);
    expect(uploadURL.split("?")[0]).toBe(imageUrl);
    const expires = Number(url.searchParams.get("expires"));
    expect(expires).toBeGreaterThan(before);
    expect(expires).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 15 * 60);
    expect(url.searchParams.get("signature")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await rowOf(uploadURL)).toMatchObject({ status: "pending", contentType: null, size: null });
  });

  it("refuses signed-out callers", async () => {
    const res = await supertest(ctx.app).post("/api/objects/upload");
    expect(res.status).toBe(401);
    expect(res.body.message).toBe("Please sign in to continue");
  });
});

describe("PUT /api/objects/images/:key (local storage)", () => {
  it("stores an image once; its URL is the upload URL without the query string", async () => {
    const { uploadURL, imageUrl } = await requestUploadUrl(member);
    const res = await member.put(uploadURL).set("Content-Type", "image/png").send(TINY_PNG);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ imageUrl });
    expect(await rowOf(uploadURL)).toMatchObject({ status: "stored", contentType: "image/png", size: TINY_PNG.length });
    expect(fs.readFileSync(path.join(dir, "images", keyOf(imageUrl))).equals(TINY_PNG)).toBe(true);

    const again = await member.put(uploadURL).send(TINY_PNG);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("This upload link has already been used. Please upload the image again.");
  });

  it("lets exactly one of two racing uploads through one URL", async () => {
    const { uploadURL } = await requestUploadUrl(member);
    const results = await Promise.all([member.put(uploadURL).send(TINY_PNG), member.put(uploadURL).send(TINY_PNG)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(leftovers()).toEqual([]);
  });

  it("reads the raw body whatever Content-Type it claims, JSON included", async () => {
    const { uploadURL } = await requestUploadUrl(member);
    // serialize: superagent would otherwise turn the bytes into JSON text.
    const res = await member
      .put(uploadURL)
      .set("Content-Type", "application/json")
      .serialize((bytes: Buffer) => bytes as unknown as string)
      .send(TINY_PNG);
    expect(res.status).toBe(200);
  });

  it("refuses a file declared larger than 10 MB before reading it", async () => {
    const { uploadURL } = await requestUploadUrl(member);
    const res = await member.put(uploadURL).send(Buffer.alloc(10 * 1024 * 1024 + 1));
    expect(res.status).toBe(413);
    expect(res.body.message).toBe("That file is too large. Images can be at most 10 MB");
    expect(res.headers.connection).toBe("close");
    expect((await rowOf(uploadURL)).status).toBe("pending");
    expect(storedFiles()).not.toContain(keyOf(uploadURL));
  });

  it("stops a streamed upload at 10 MB, leaves no partial file, and keeps the URL usable", async () => {
    const { uploadURL } = await requestUploadUrl(member);
    const big = Buffer.concat([TINY_PNG, Buffer.alloc(11 * 1024 * 1024)]);
    const res = await putChunked(uploadURL, big);
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body).message).toBe("That file is too large. Images can be at most 10 MB");
    expect(leftovers()).toEqual([]);
    expect(storedFiles()).not.toContain(keyOf(uploadURL));
    // A refused file does not use up the link: the person can pick a smaller one.
    expect((await member.put(uploadURL).send(TINY_PNG)).status).toBe(200);
  });

  it("accepts exactly 10 MB", async () => {
    const { uploadURL } = await requestUploadUrl(member);
    const exact = Buffer.concat([TINY_PNG, Buffer.alloc(10 * 1024 * 1024 - TINY_PNG.length)]);
    const res = await putChunked(uploadURL, exact);
    expect(res.status).toBe(200);
    expect((await rowOf(uploadURL)).size).toBe(10 * 1024 * 1024);
  });

  it.each([
    ["SVG", "image/svg+xml", Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
    ["HTML named .png", "image/png", Buffer.from("<!doctype html><script>alert(document.cookie)</script>")],
    ["a PDF", "application/pdf", Buffer.from("%PDF-1.7\n...")],
    ["an empty file", "image/png", Buffer.alloc(0)],
  ])("refuses %s with 415 and stores nothing", async (_name, type, body) => {
    const { uploadURL } = await requestUploadUrl(member);
    const res = await member.put(uploadURL).set("Content-Type", type).send(body);
    expect(res.status).toBe(415);
    expect(res.body.message).toBe("Only JPEG, PNG, WebP, GIF or AVIF images are accepted");
    expect((await rowOf(uploadURL)).status).toBe("pending");
    expect(storedFiles()).not.toContain(keyOf(uploadURL));
    expect(leftovers()).toEqual([]);
  });

  it("refuses expired, tampered and unsigned URLs", async () => {
    const { imageUrl } = await requestUploadUrl(member);
    const key = keyOf(imageUrl);
    const signer = uploadSigner(TEST_SECRET);
    const past = Math.floor(Date.now() / 1000) - 1;
    const expired = await member.put(`${imageUrl}?${signer.query(key, past)}`).send(TINY_PNG);
    expect(expired.status).toBe(410);
    expect(expired.body.message).toBe("This upload link has expired. Please upload the image again.");

    const valid = new URLSearchParams(signer.query(key, Math.floor(Date.now() / 1000) + 600));
    const longer = new URLSearchParams(valid);
    longer.set("expires", String(Number(valid.get("expires")) + 86_400));
    const tamperedSignature = new URLSearchParams(valid);
    // One character changed (to another that may end a 43-character signature): one in 16
    // signatures ends in "A" already, so always writing "A" let 1 run in 16 through.
    const signature = valid.get("signature")!;
    tamperedSignature.set("signature", `${signature.slice(0, -1)}${signature.endsWith("A") ? "E" : "A"}`);
    const otherKey = (await requestUploadUrl(member)).imageUrl;
    for (const target of [
      `${imageUrl}?${longer}`,
      `${imageUrl}?${tamperedSignature}`,
      `${otherKey}?${valid}`,
      imageUrl,
      `${imageUrl}?expires=abc&signature=x`,
    ]) {
      const res = await member.put(target).send(TINY_PNG);
      expect(res.status, target).toBe(403);
      expect(res.body.message).toBe("This upload link is not valid");
    }
    expect((await rowOf(imageUrl)).status).toBe("pending");
  });

  it("refuses signed-out uploads and another user's upload URL", async () => {
    const { uploadURL } = await requestUploadUrl(member);
    expect((await supertest(ctx.app).put(uploadURL).send(TINY_PNG)).status).toBe(401);
    const { agent: other } = await ctx.userAgent();
    const res = await other.put(uploadURL).send(TINY_PNG);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe("This upload link belongs to someone else");
    expect((await rowOf(uploadURL)).status).toBe("pending");
  });

  it("refuses a cross-site PUT and accepts a same-origin one", async () => {
    const { uploadURL } = await requestUploadUrl(member);
    const crossSite = await member.put(uploadURL).set("Origin", "https://evil.example").send(TINY_PNG);
    expect(crossSite.status).toBe(403);
    expect((await member.put(uploadURL).set("Sec-Fetch-Site", "cross-site").send(TINY_PNG)).status).toBe(403);
    expect((await rowOf(uploadURL)).status).toBe("pending");
    const sameOrigin = await member.put(uploadURL).set("Sec-Fetch-Site", "same-origin").send(TINY_PNG);
    expect(sameOrigin.status).toBe(200);
  });
});

describe("GET /api/objects/images/:key", () => {
  it("serves the image to any signed-in user with its type, nosniff and long private caching", async () => {
    const imageUrl = await uploadImage(member);
    const { agent: other } = await ctx.userAgent();
    const res = await other.get(imageUrl).buffer(true);
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("image/png");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["cache-control"]).toBe("private, max-age=31536000, immutable");
    expect(Number(res.headers["content-length"])).toBe(TINY_PNG.length);
    expect(Buffer.from(res.body).equals(TINY_PNG)).toBe(true);

    const revalidated = await other.get(imageUrl).set("If-None-Match", res.headers.etag);
    expect(revalidated.status).toBe(304);
    const head = await other.head(imageUrl);
    expect(head.status).toBe(200);
    expect(head.headers["content-type"]).toBe("image/png");
  });

  it("refuses signed-out viewers", async () => {
    const imageUrl = await uploadImage(member);
    const res = await supertest(ctx.app).get(imageUrl);
    expect(res.status).toBe(401);
    expect(res.headers["content-type"]).toMatch(/application\/json/);
  });

  it("answers 404 for unknown keys, keys that are not keys, and uploads not made yet", async () => {
    const { imageUrl } = await requestUploadUrl(member);
    for (const target of [imageUrl, "/api/objects/images/00000000-0000-4000-8000-000000000000", "/api/objects/images/..%2F..%2Fsession-secret", "/api/objects/images/abc"]) {
      const res = await member.get(target);
      expect(res.status, target).toBe(404);
      expect(res.body.message).toBe("Image not found");
    }
  });

  it("serves a 600 px WebP copy for ?w=600, made once and kept", async () => {
    const original = await photo(1500, 1000);
    const imageUrl = await uploadImage(member, original);
    const res = await member.get(`${imageUrl}?w=600`).buffer(true);
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("image/webp");
    expect(res.headers["cache-control"]).toBe("private, max-age=31536000, immutable");
    const meta = await sharp(Buffer.from(res.body)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", 600, 400]);
    expect(res.body.length).toBeLessThan(original.length);

    const kept = path.join(dir, "thumbs", `${keyOf(imageUrl)}-w600.webp`);
    expect(fs.existsSync(kept)).toBe(true);
    const again = await member.get(`${imageUrl}?w=600`).buffer(true);
    expect(Buffer.from(again.body).equals(fs.readFileSync(kept))).toBe(true);
    expect(again.headers.etag).not.toBe((await member.get(imageUrl)).headers.etag);
  });

  it("never enlarges a small image, and offers no other widths", async () => {
    const imageUrl = await uploadImage(member, await photo(200, 100));
    const meta = await sharp(Buffer.from((await member.get(`${imageUrl}?w=600`).buffer(true)).body)).metadata();
    expect(meta.width).toBe(200);
    const other = await member.get(`${imageUrl}?w=300`);
    expect(other.status).toBe(400);
    expect(other.body.message).toBe("Images are available at their own size or w=320 or w=600");
  });

  it("makes the gallery's 320 px copy beside the cards' one, each kept under its own name and tag", async () => {
    const imageUrl = await uploadImage(member, await photo(1200, 900));
    const small = await member.get(`${imageUrl}?w=320`).buffer(true).expect(200);
    expect((await sharp(Buffer.from(small.body)).metadata()).width).toBe(320);
    expect(small.headers["cache-control"]).toBe("private, max-age=31536000, immutable");
    expect(small.headers.etag).not.toBe((await member.get(`${imageUrl}?w=600`)).headers.etag);
    expect(fs.existsSync(path.join(dir, "thumbs", `${keyOf(imageUrl)}-w320.webp`))).toBe(true);
  });

  // What the thumbnailer refuses is refused, never served as the original.
  it("answers 422 when an uploaded file does not decode, and never serves the original instead", async () => {
    const corrupt = pngClaiming(400, 300);
    const imageUrl = await uploadImage(member, corrupt);
    const res = await member.get(`${imageUrl}?w=600`);
    expect(res.status).toBe(422);
    expect(res.headers["content-type"]).toMatch(/application\/json/);
    expect(res.body.message).toBe("This image could not be read, so it cannot be shown");
    expect(fs.existsSync(path.join(dir, "thumbs", `${keyOf(imageUrl)}-w600.webp`))).toBe(false);
  });

  it("refuses the thumbnail of a bomb stored before uploads were checked, never serving the original", async () => {
    const key = randomUUID();
    const bomb = pngClaiming(10_000, 10_000);
    fs.writeFileSync(path.join(dir, "images", key), bomb);
    await ctx.db.insert(uploadedObjects).values({ key, userId: (await member.get("/api/user")).body.id, status: "stored", contentType: "image/png", size: bomb.length });
    const res = await member.get(`/api/objects/images/${key}?w=600`);
    expect(res.status).toBe(413);
    expect(res.body.message).toBe("That image is too large. Images can be at most 50 megapixels");
  });
});

describe("decompression bombs at upload", () => {
  it("refuses an image whose header declares more than 50 megapixels, keeping nothing", async () => {
    const { uploadURL } = await requestUploadUrl(member);
    // 100 megapixels declared in well under a kilobyte.
    const res = await member.put(uploadURL).set("Content-Type", "image/png").send(pngClaiming(10_000, 10_000));
    expect(res.status).toBe(413);
    expect(res.body.message).toBe("That image is too large. Images can be at most 50 megapixels");
    expect((await rowOf(uploadURL)).status).toBe("pending");
    expect(storedFiles()).not.toContain(keyOf(uploadURL));
    expect(leftovers()).toEqual([]);
  });

  it("accepts exactly 50 megapixels and refuses one row more", async () => {
    const fits = await requestUploadUrl(member);
    expect((await member.put(fits.uploadURL).send(pngClaiming(10_000, 5_000))).status).toBe(200);
    const over = await requestUploadUrl(member);
    expect((await member.put(over.uploadURL).send(pngClaiming(10_000, 5_001))).status).toBe(413);
  });

  it("refuses with 415 a file that starts like an image but has no readable header", async () => {
    const { uploadURL } = await requestUploadUrl(member);
    const broken = Buffer.concat([TINY_PNG.subarray(0, 16), Buffer.from("not really a png")]);
    const res = await member.put(uploadURL).send(broken);
    expect(res.status).toBe(415);
    expect(res.body.message).toBe("Only JPEG, PNG, WebP, GIF or AVIF images are accepted");
    expect(storedFiles()).not.toContain(keyOf(uploadURL));
  });
});
