import sharp from "sharp";
import { describe, expect, it, vi } from "vitest";
import { FlyerImageError } from "./flyer-image-error.js";
import { findHtmlImagesInWorker, firstPdfJpegInWorker, PARSE_LIMITS, parseWorkersRunning } from "./parse-in-worker.js";

const PAGE = "https://broker.example.com/flyer.html";
const html = Buffer.from(`<meta property="og:image" content="/og.jpg"><img src="a.png">`);

function pdfWithPhoto(jpeg: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(`%PDF-1.4\n1 0 obj\n<< /Subtype /Image /Width 300 /Height 200 /Filter /DCTDecode /Length ${jpeg.length} >>\nstream\n`, "latin1"),
    jpeg,
    Buffer.from("\nendstream\nendobj\n", "latin1"),
  ]);
}

async function refusal(job: Promise<unknown>): Promise<{ code: string; message: string }> {
  const err = await job.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(FlyerImageError);
  const { code, message } = err as FlyerImageError;
  return { code, message };
}

const allWorkersGone = () => vi.waitFor(() => expect(parseWorkersRunning()).toBe(0), { timeout: 10_000 });

describe("parsing flyers in a worker thread", () => {
  it("answers what the parsers answer", async () => {
    const photo = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#884422" } }).jpeg().toBuffer();
    expect(await findHtmlImagesInWorker(html, PAGE)).toEqual(["https://broker.example.com/og.jpg", "https://broker.example.com/a.png"]);
    expect((await firstPdfJpegInWorker(pdfWithPhoto(photo)))?.equals(photo)).toBe(true);
    expect(await firstPdfJpegInWorker(Buffer.from("%PDF-1.4\n"))).toBeNull();
    await allWorkersGone();
  });

  it("refuses a document over the byte cap without starting a worker", async () => {
    const job = findHtmlImagesInWorker(Buffer.alloc(PARSE_LIMITS.maxBytes + 1, "<"), PAGE);
    expect(parseWorkersRunning()).toBe(0);
    expect(await refusal(job)).toEqual({ code: "TOO_LARGE", message: "That file is too large" });
  });

  it.each([
    ["the wall-clock limit", { wallMs: 1 }],
    ["the CPU-time limit", { cpuMs: 1 }],
    // Enough heap to start (a smaller one aborts the whole process), too little for the document.
    ["the heap limit", { heapMb: 8 }],
  ])("stops a worker over %s and says so", async (_name, limits) => {
    const big = Buffer.from(`%PDF-1.4\n${"stream\n".repeat(1_400_000)}`, "latin1");
    expect(await refusal(firstPdfJpegInWorker(big, { ...PARSE_LIMITS, ...limits }))).toEqual({
      code: "TOO_COMPLEX",
      message: "That flyer is too large or complex to read",
    });
    await allWorkersGone();
  });

  it("runs at most two workers at a time; the others wait their turn", async () => {
    const jobs = Array.from({ length: 5 }, () => findHtmlImagesInWorker(html, PAGE));
    expect(parseWorkersRunning()).toBe(2);
    for (const urls of await Promise.all(jobs)) expect(urls).toHaveLength(2);
    await allWorkersGone();
  });
});
