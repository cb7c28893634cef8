import http from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";
import supertest from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uploadedObjects } from "../../db/tables.js";
import { parseWorkersRunning } from "../../integrations/flyer-link/parse-in-worker.js";
import { FETCH_DEFAULTS } from "../../integrations/flyer-link/safe-fetch.js";
import { startTestServer, type TestServer } from "../../integrations/flyer-link/test-server.js";
import { IMAGE_TOO_MANY_PIXELS_MESSAGE } from "../../integrations/storage/image-types.js";
import { jpegClaiming, pngClaiming } from "../../integrations/storage/test-images.js";
import { createTestContext, type TestClient, type TestContext } from "../../test/test-app.js";

// The pages are served on 127.0.0.1, so this app runs with FLYER_ALLOW_PRIVATE_NETWORKS on.
let ctx: TestContext;
let strict: TestContext;
let member: TestClient;
let site: TestServer;
let photo: Buffer;
let pdfPhoto: Buffer;
/** The app listening for real, for the health probes that run beside an extraction. */
let listening: http.Server;
let appOrigin: string;

function pdfWithPhoto(jpeg: Buffer, before = ""): Buffer {
  return Buffer.concat([
    Buffer.from(
      `%PDF-1.4\n${before}1 0 obj\n<< /Type /XObject /Subtype /Image /Width 640 /Height 480 /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode /Length ${jpeg.length} >>\nstream\n`,
      "latin1",
    ),
    jpeg,
    Buffer.from("\nendstream\nendobj\n%%EOF\n", "latin1"),
  ]);
}

/** `unit` repeated after `head`, exactly `bytes` long: the crafted documents that held the event loop. */
const flood = (head: string, unit: string, bytes: number) =>
  Buffer.from((head + unit.repeat(Math.floor((bytes - head.length) / unit.length))).padEnd(bytes), "latin1");
const CAP = FETCH_DEFAULTS.maxBytes;

beforeAll(async () => {
  photo = await sharp({ create: { width: 1200, height: 630, channels: 3, background: "#cc5500" } }).jpeg().toBuffer();
  pdfPhoto = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#0055cc" } }).jpeg().toBuffer();
  const pages: Record<string, [string, string | Buffer]> = {
    "/listing.html": ["text/html; charset=utf-8", `<html><head><meta property="og:image" content="/images/hero.jpg"></head><body><img src="/logo.png"></body></html>`],
    "/images/hero.jpg": ["image/jpeg", photo],
    "/photo.jpg": ["image/jpeg", photo],
    "/flyer.pdf": ["application/pdf", pdfWithPhoto(pdfPhoto)],
    "/text-only.pdf": ["application/pdf", Buffer.from("%PDF-1.4\n1 0 obj\n<< /Length 5 >>\nstream\nhello\nendstream\nendobj\n")],
    "/logo.svg": ["image/svg+xml", '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
    "/svg-page.html": ["text/html", `<meta property="og:image" content="/logo.svg">`],
    "/no-images.html": ["text/html", "<html><body><p>Call us for details.</p></body></html>"],
    "/disguised.png": ["image/png", "<!doctype html><script>alert(1)</script>"],
    "/notes.txt": ["text/plain", "plain text"],
    // Quadratic for the old tag regex and PDF scan: 90 s and 11 s of a blocked server.
    "/unclosed-img-625k.html": ["text/html", flood("<html><body>", "<img ", 625 * 1024)],
    "/stream-keywords-700k.pdf": ["application/pdf", flood("%PDF-1.4\n", "stream\n", 700 * 1024)],
    // As large as a fetch may be, and one byte over.
    "/unclosed-img-10m.html": ["text/html", flood("<html><body>", "<img ", CAP)],
    "/stream-keywords-10m.pdf": ["application/pdf", flood("%PDF-1.4\n", "stream\n", CAP)],
    "/over-cap.pdf": ["application/pdf", flood("%PDF-1.4\n", "stream\n", CAP + 1)],
    "/photo-after-9m-of-streams.pdf": ["application/pdf", pdfWithPhoto(pdfPhoto, "2 0 obj << /Length 1 >> stream\nx\nendstream endobj\n".repeat(180_000))],
    // Decompression bombs: tiny files whose headers claim 100 megapixels.
    "/bomb.png": ["image/png", pngClaiming(10_000, 10_000)],
    "/bomb.pdf": ["application/pdf", pdfWithPhoto(jpegClaiming(10_000, 10_000))],
    "/bomb-page.html": ["text/html", `<meta property="og:image" content="/bomb.png">`],
    "/bomb-then-photo.html": ["text/html", `<meta property="og:image" content="/bomb.png"><img src="/photo.jpg">`],
  };
  site = await startTestServer((req, res) => {
    const page = pages[req.url ?? ""];
    if (req.url === "/huge.jpg") {
      res.writeHead(200, { "Content-Type": "image/jpeg" });
      res.end(Buffer.concat([photo, Buffer.alloc(10 * 1024 * 1024)]));
    } else if (page) {
      res.writeHead(200, { "Content-Type": page[0] }).end(page[1]);
    } else {
      res.writeHead(404).end();
    }
  });
  ctx = await createTestContext({ env: { TRUST_PROXY: false, AUTH_SCRYPT_COST: 12, FLYER_ALLOW_PRIVATE_NETWORKS: true } });
  member = (await ctx.userAgent()).agent;
  strict = await createTestContext();
  listening = ctx.app.listen(0, "127.0.0.1");
  await new Promise((resolve) => listening.once("listening", resolve));
  appOrigin = `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
});
afterAll(async () => {
  listening.closeAllConnections();
  await new Promise((resolve) => listening.close(resolve));
  await site.close();
  await ctx.close();
  await strict.close();
});

const extract = (flyerUrl: unknown, agent: TestClient = member) => agent.post("/api/looplink/extract-image").send({ flyerUrl });

const storedCount = async () => (await ctx.db.select().from(uploadedObjects)).length;

/** A new connection each time: a kept-alive one may be closed under a late request. */
const getHealth = () =>
  new Promise<{ status?: number; body: string }>((resolve, reject) => {
    http
      .get(`${appOrigin}/api/health`, { agent: false }, (res) => {
        let body = "";
        res.setEncoding("utf8").on("data", (chunk: string) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode, body }));
      })
      .on("error", reject);
  });

/**
 * Sends `request` and asks /api/health again and again until it is answered, one request at a
 * time. Counts the health checks sent and answered while a flyer parse worker was running: the
 * app (whose event loop this test shares) answered them in the middle of the parse, which a parse
 * on the event loop would not let happen.
 * How long the health checks wait is measured in `npm run bench` ("Flyer reading").
 */
async function whileProbingHealth<T>(request: PromiseLike<T>): Promise<{ result: T; probes: number; answeredDuringParse: number }> {
  let answered = false;
  const result = Promise.resolve(request).finally(() => (answered = true));
  let probes = 0;
  let answeredDuringParse = 0;
  while (!answered) {
    const parsingWhenSent = parseWorkersRunning() > 0;
    expect(await getHealth()).toEqual({ status: 200, body: '{"ok":true}' });
    if (parsingWhenSent && parseWorkersRunning() > 0) answeredDuringParse++;
    probes++;
  }
  return { result: await result, probes, answeredDuringParse };
}

async function fetchStored(imageUrl: string): Promise<{ type: string; body: Buffer }> {
  const res = await member.get(imageUrl).buffer(true).expect(200);
  return { type: res.headers["content-type"], body: Buffer.from(res.body) };
}

describe("POST /api/looplink/extract-image", () => {
  it("takes a page's og:image, stores a copy and answers its URL", async () => {
    const res = await extract(`${site.origin}/listing.html`);
    expect(res.status).toBe(200);
    expect(res.body.imageUrl).toMatch(/^\/api\/objects\/images\/[0-9a-f-]{36}$/);
    expect(await fetchStored(res.body.imageUrl)).toEqual({ type: "image/jpeg", body: photo });
    expect(site.hits).toContain("/images/hero.jpg");
    expect(site.hits).not.toContain("/logo.png");
  });

  it("keeps a direct image link as it is", async () => {
    const res = await extract(`  ${site.origin}/photo.jpg  `).expect(200);
    expect((await fetchStored(res.body.imageUrl)).body.equals(photo)).toBe(true);
  });

  it("takes the first photo out of a PDF flyer", async () => {
    const res = await extract(`${site.origin}/flyer.pdf`).expect(200);
    expect(await fetchStored(res.body.imageUrl)).toEqual({ type: "image/jpeg", body: pdfPhoto });
  });

  it.each([
    [undefined, 400, "Please enter a flyer URL first"],
    ["   ", 400, "Please enter a flyer URL first"],
    ["not a link", 400, "Enter a full web address, like https://example.com/flyer.pdf"],
    ["file:///etc/passwd", 400, "That link is not allowed"],
    ["gopher://127.0.0.1:70/", 400, "That link is not allowed"],
    ["/no-images.html", 422, "No image found at that link"],
    ["/text-only.pdf", 422, "No image found at that link"],
    ["/notes.txt", 422, "No image found at that link"],
    ["/missing.html", 422, "That link answered with an error (404)"],
    ["/logo.svg", 415, "Only JPEG, PNG, WebP, GIF or AVIF images are accepted"],
    ["/svg-page.html", 415, "Only JPEG, PNG, WebP, GIF or AVIF images are accepted"],
    ["/disguised.png", 415, "Only JPEG, PNG, WebP, GIF or AVIF images are accepted"],
    ["/huge.jpg", 413, "That file is too large"],
  ])("answers %s with %i: %s", async (link, status, message) => {
    const flyerUrl = typeof link === "string" && link.startsWith("/") ? `${site.origin}${link}` : link;
    const res = await extract(flyerUrl);
    expect(res.status).toBe(status);
    expect(res.body.message).toBe(message);
  });

  it("refuses private addresses unless FLYER_ALLOW_PRIVATE_NETWORKS is set", async () => {
    const { agent } = await strict.userAgent();
    for (const link of [`${site.origin}/photo.jpg`, "http://169.254.169.254/latest/meta-data/", "http://[::1]/"]) {
      const res = await extract(link, agent);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe("That link is not allowed");
    }
  });

  it("is for signed-in users only", async () => {
    const res = await supertest(ctx.app).post("/api/looplink/extract-image").send({ flyerUrl: `${site.origin}/photo.jpg` });
    expect(res.status).toBe(401);
  });
});

describe("crafted flyers (parsed in a worker, in linear time)", () => {
  it.each([
    ["/unclosed-img-625k.html", 422, "No image found at that link"],
    ["/stream-keywords-700k.pdf", 422, "No image found at that link"],
    ["/unclosed-img-10m.html", 422, "No image found at that link"],
    ["/stream-keywords-10m.pdf", 422, "No image found at that link"],
  ])("keep the server answering while %s is read, then answer %i: %s", async (path, status, message) => {
    const { result, answeredDuringParse } = await whileProbingHealth(extract(`${site.origin}${path}`));
    expect(result.status).toBe(status);
    expect(result.body.message).toBe(message);
    expect(answeredDuringParse).toBeGreaterThan(0);
  });

  it("refuses a flyer over the size cap without reading it", async () => {
    // A crafted flyer before may still be ending its worker: count only this request's parsing.
    await expect.poll(parseWorkersRunning).toBe(0);
    const { result, probes, answeredDuringParse } = await whileProbingHealth(extract(`${site.origin}/over-cap.pdf`));
    expect(result.status).toBe(413);
    expect(result.body.message).toBe("That file is too large");
    expect(probes).toBeGreaterThan(0);
    expect(answeredDuringParse).toBe(0);
  });

  it("still finds a photo at the end of a 9 MB PDF", async () => {
    const { result, answeredDuringParse } = await whileProbingHealth(extract(`${site.origin}/photo-after-9m-of-streams.pdf`));
    expect(result.status).toBe(200);
    expect((await fetchStored(result.body.imageUrl)).body.equals(pdfPhoto)).toBe(true);
    expect(answeredDuringParse).toBeGreaterThan(0);
  });

  it.each(["/bomb.png", "/bomb.pdf", "/bomb-page.html"])("refuses an image over 50 megapixels from %s before storing it", async (path) => {
    const before = await storedCount();
    const res = await extract(`${site.origin}${path}`);
    expect(res.status).toBe(413);
    expect(res.body.message).toBe(IMAGE_TOO_MANY_PIXELS_MESSAGE);
    expect(await storedCount()).toBe(before);
  });

  it("passes over a bomb to the page's next picture", async () => {
    const res = await extract(`${site.origin}/bomb-then-photo.html`).expect(200);
    expect((await fetchStored(res.body.imageUrl)).body.equals(photo)).toBe(true);
  });
});
