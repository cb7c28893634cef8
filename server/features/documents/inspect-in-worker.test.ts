// PDFs and Office files are opened in a worker with limits: a file over a limit stops its worker,
// and a PDF that could not be opened in time is kept for the team, not refused.
import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { COMPLEX_PDF_NOTE } from "./file-checks.js";
import { inspectInWorker, inspectWorkersRunning, INSPECT_LIMITS } from "./inspect-in-worker.js";

const pdfOf = async (pages: number) => {
  const pdf = await PDFDocument.create();
  for (let i = 0; i < pages; i++) pdf.addPage();
  return Buffer.from(await pdf.save());
};

describe("opening files in a worker", () => {
  it("counts a PDF's pages off the event loop and leaves no worker behind", async () => {
    expect(await inspectInWorker({ ext: "pdf", bytes: await pdfOf(5) })).toEqual({ ok: true, pageCount: 5 });
    await expect.poll(inspectWorkersRunning).toBe(0);
  });

  it("stops a worker over its time limit and keeps the PDF for the team; an Office file over it is refused", async () => {
    const tight = { ...INSPECT_LIMITS, wallMs: 1 };
    expect(await inspectInWorker({ ext: "pdf", bytes: await pdfOf(1) }, tight)).toEqual({ ok: true, pageCount: null, note: COMPLEX_PDF_NOTE });
    expect(await inspectInWorker({ ext: "xlsx", bytes: Buffer.from("PK") }, tight)).toEqual({ ok: false, refused: "That file is too large or complex to read" });
    await expect.poll(inspectWorkersRunning).toBe(0);
  });
});
