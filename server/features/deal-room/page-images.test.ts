// View-only PDFs' pages are measured and drawn in a worker under limits: a damaged file or one
// over a limit is a message for the buyer, never a crash, and no worker is left behind.
import { PDFDocument } from "pdf-lib";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { TIMEOUT } from "../../../testing/timeouts.ts";
import { PAGE_LIMITS, pagesInWorker, pageWorkersRunning, TOO_COMPLEX_PAGES, UNREADABLE_PAGES } from "./page-images.js";

const pdf = async () => {
  const doc = await PDFDocument.create();
  doc.addPage([612, 792]).drawText("Rent roll", { x: 50, y: 700 });
  doc.addPage([792, 612]);
  return new Uint8Array(await doc.save());
};

describe("page images in a worker", { timeout: TIMEOUT.slow }, () => {
  it("measures every page and draws one as a WebP the size it said, letter and landscape alike", async () => {
    const bytes = await pdf();
    const sizes = await pagesInWorker({ kind: "sizes", bytes });
    expect(sizes).toEqual({ ok: true, sizes: [{ width: 1200, height: 1553 }, { width: 1200, height: 927 }] });
    const drawn = await pagesInWorker({ kind: "page", bytes, page: 2 });
    if (!drawn.ok || !("image" in drawn)) throw new Error(`no image: ${JSON.stringify(drawn)}`);
    expect(await sharp(Buffer.from(drawn.image)).metadata()).toMatchObject({ format: "webp", width: 1200, height: 927 });
    expect(await pagesInWorker({ kind: "page", bytes, page: 3 })).toEqual({ ok: false, message: "No such page" });
    await expect.poll(pageWorkersRunning).toBe(0);
  });

  it("answers a damaged PDF and one over a limit with a message, and leaves no worker behind", async () => {
    expect(await pagesInWorker({ kind: "sizes", bytes: new Uint8Array(Buffer.from("%PDF-1.7\nnot a pdf\n")) })).toEqual({ ok: false, message: UNREADABLE_PAGES });
    expect(await pagesInWorker({ kind: "page", bytes: await pdf(), page: 1 }, { ...PAGE_LIMITS, wallMs: 1 })).toEqual({ ok: false, message: TOO_COMPLEX_PAGES });
    await expect.poll(pageWorkersRunning).toBe(0);
  });
});
