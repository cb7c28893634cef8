// The stamp's text: what a viewer's details and a listing's name become in the standard font.
import { execFileSync } from "node:child_process";
import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { stampLines, stampPdf } from "./watermark.js";

const stamp = { name: "Zoë O’Brien", email: "zoe@example.com", company: "Brien & Co", listing: "Harbor Point — Phase II", at: "2026-11-29T00:51:12.000Z" };

describe("the watermark", () => {
  it("keeps Latin-1 names, turns typographic quotes and dashes plain, and says the UTC minute", () => {
    expect(stampLines(stamp)).toEqual({
      diagonal: "Zoë O'Brien · zoe@example.com",
      footer: "Confidential - Zoë O'Brien · zoe@example.com · Brien & Co - Harbor Point - Phase II - 2026-11-29 00:51 UTC",
    });
    expect(stampLines({ ...stamp, name: "王小明", company: null }).footer).toBe("Confidential - ??? · zoe@example.com - Harbor Point - Phase II - 2026-11-29 00:51 UTC");
  });

  it("stamps every page, portrait and landscape", async () => {
    const doc = await PDFDocument.create();
    doc.addPage([612, 792]);
    doc.addPage([792, 612]);
    const stamped = Buffer.from(await stampPdf(await doc.save(), stamp));
    const pages = execFileSync("pdftotext", ["-", "-"], { input: stamped }).toString("utf8").split("\f").slice(0, -1);
    expect(pages).toHaveLength(2);
    for (const text of pages) expect(text.replace(/\s+/g, " ")).toContain("Harbor Point - Phase II - 2026-11-29 00:51 UTC");
  });
});
