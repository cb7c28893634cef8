// A view-only PDF reaches its buyer as page images, never as a file: pdf.js (Mozilla's renderer)
// draws a page of the already stamped copy on an @napi-rs/canvas canvas, so each image carries the
// same stamp as the PDF (docs/guides/deal-room.md, "View-only PDFs as page images"). Runs only
// inside page-render-worker.ts.
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { createCanvas } from "@napi-rs/canvas";
import { getDocument, type PDFDocumentProxy } from "pdfjs-dist/legacy/build/pdf.mjs";
import { UNREADABLE_PAGES, type PageAnswer, type PageJob, type PageSize } from "./page-images.js";

/** Pixels across a page image: about 150 dpi for a letter page, sharp on a phone held sideways. */
export const PAGE_WIDTH_PX = 1200;
/** The longest side drawn, so a strip-shaped page cannot ask for a huge canvas (its memory is native, outside the heap cap). */
export const PAGE_MAX_SIDE_PX = 3000;

// pdf.js wants the 14 standard fonts as files when a PDF names them without embedding them
// (pdf-lib's Helvetica, as in the stamp).
const standardFontDataUrl = join(dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json")), "standard_fonts/");

/** Opens the PDF, hands it to `use`, and frees pdf.js's document whatever happens. */
async function withDocument<T>(bytes: Uint8Array, use: (doc: PDFDocumentProxy) => Promise<T>): Promise<T> {
  // pdf.js refuses a Node Buffer (it checks for a plain Uint8Array): a Buffer is copied into one.
  const task = getDocument({ data: Buffer.isBuffer(bytes) ? new Uint8Array(bytes) : bytes, standardFontDataUrl, disableFontFace: true, useSystemFonts: false, verbosity: 0 });
  try {
    return await use(await task.promise);
  } finally {
    await task.destroy();
  }
}

/** The scale that draws a page PAGE_WIDTH_PX across, or smaller when its other side would pass the cap. */
const scaleFor = (width: number, height: number) => Math.min(PAGE_WIDTH_PX / width, PAGE_MAX_SIDE_PX / height, PAGE_MAX_SIDE_PX / width);

const pixels = (v: { width: number; height: number }): PageSize => ({ width: Math.max(1, Math.round(v.width)), height: Math.max(1, Math.round(v.height)) });

/** Each page's image size in pixels, in page order (the viewer's width and height). */
export async function pageSizes(bytes: Uint8Array): Promise<PageSize[]> {
  return withDocument(bytes, async (doc) => {
    const sizes: PageSize[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const base = page.getViewport({ scale: 1 });
      sizes.push(pixels(page.getViewport({ scale: scaleFor(base.width, base.height) })));
      page.cleanup();
    }
    return sizes;
  });
}

/** Page `n` (from 1) as a WebP image, or null when the document has no such page. */
export async function renderPage(bytes: Uint8Array, n: number): Promise<{ image: Uint8Array; size: PageSize } | null> {
  return withDocument(bytes, async (doc) => {
    if (n < 1 || n > doc.numPages) return null;
    const page = await doc.getPage(n);
    const base = page.getViewport({ scale: 1 });
    const viewport = page.getViewport({ scale: scaleFor(base.width, base.height) });
    const size = pixels(viewport);
    const canvas = createCanvas(size.width, size.height);
    const context = canvas.getContext("2d");
    // A page without a background of its own is white on paper, not transparent.
    context.fillStyle = "#ffffff";
    context.fillRect(0, 0, size.width, size.height);
    await page.render({ canvas: canvas as never, canvasContext: context as never, viewport }).promise;
    // WebP at this quality keeps text crisp at a fraction of PNG's bytes (the guide has the figures).
    // Copied out of the canvas's native memory, so the worker can move it to the main thread.
    return { image: new Uint8Array(await canvas.encode("webp", 85)), size };
  });
}

/** The worker's answer to one job: a damaged PDF is a message, not a crash. */
export async function answerPageJob(job: PageJob): Promise<PageAnswer> {
  try {
    if (job.kind === "sizes") return { ok: true, sizes: await pageSizes(job.bytes) };
    const drawn = await renderPage(job.bytes, job.page);
    return drawn ? { ok: true, ...drawn } : { ok: false, message: "No such page" };
  } catch {
    return { ok: false, message: UNREADABLE_PAGES };
  }
}
