import sharp from "sharp";
import supertest from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../integrations/flyer/test-server.js";
import { createTestContext, type TestClient, type TestContext } from "../../test/test-app.js";

// The pages are served on 127.0.0.1, so this app runs with FLYER_ALLOW_PRIVATE_NETWORKS on.
let ctx: TestContext;
let strict: TestContext;
let member: TestClient;
let site: TestServer;
let photo: Buffer;
let pdfPhoto: Buffer;

function pdfWithPhoto(jpeg: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(
      `%PDF-1.4\n1 0 obj\n<< /Type /XObject /Subtype /Image /Width 640 /Height 480 /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode /Length ${jpeg.length} >>\nstream\n`,
      "latin1",
    ),
    jpeg,
    Buffer.from("\nendstream\nendobj\n%%EOF\n", "latin1"),
  ]);
}

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
});
afterAll(async () => {
  await site.close();
  await ctx.close();
  await strict.close();
});

const extract = (flyerUrl: unknown, agent: TestClient = member) => agent.post("/api/looplink/extract-image").send({ flyerUrl });

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
