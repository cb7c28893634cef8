// Reading an import file within limits (docs/decisions/222-import-file-reading-limits.md): a zip
// bomb is refused before it is inflated past its declared size or the caps, a file that takes
// too long is stopped, and one member's slow file does not hold another member's.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../test/test-app.js";
import { IMPORT_LIMITS } from "../../../shared/imports/limits.js";
import { csvText, deflatedPart, deflatedRepeat, SHEET_HEAD, SHEET_TAIL, sharedStringsOf, sheetOf, sheetSharing, workbookOf, zipOf } from "./import-fixtures.js";
import { readInWorker, readWorkersAlive, type ReadLimits } from "./read-in-worker.js";
import { readFileTable } from "./read-table.js";
import { unzipXlsxParts } from "./xlsx-parts.js";
import { TIMEOUT } from "../../../testing/timeouts.ts";

const GB = 1024 ** 3;
const MB = 1024 ** 2;
/** 1.5 GB of sheet XML in a 2.4 MB file. */
const bombSheet = () => deflatedRepeat("xl/worksheets/sheet1.xml", SHEET_HEAD, "<row/>".repeat(MB / 6), 1536, SHEET_TAIL);

describe("an .xlsx's parts are unzipped within caps", () => {
  it("reads an honest workbook built here", async () => {
    const table = await readFileTable(workbookOf(sheetOf(3, 3)), {});
    expect(table).toMatchObject({ format: "xlsx", sheets: ["Listings"], header: ["Column 1", "Column 2", "Column 3"] });
    expect(table.rows[2]).toEqual({ row: 4, cells: ["cell 4.0", "cell 4.1", "cell 4.2"] });
    expect(table.rows).toHaveLength(3);
  });

  it("reads the sizes of a zip64 directory, and refuses a bomb that declares them there", async () => {
    expect((await readFileTable(workbookOf({ ...sheetOf(3, 3), zip64: true }), {})).rows).toHaveLength(3);
    await expect(readFileTable(workbookOf({ ...sheetOf(3, 3), zip64: true, declared: 5 * GB }), {})).rejects.toMatchObject({ status: 413 });
  });

  it("refuses a bomb that declares its size before inflating anything (413)", async () => {
    const bomb = workbookOf(bombSheet());
    expect(bomb.length).toBeLessThan(3 * MB);
    await expect(readFileTable(bomb, {})).rejects.toMatchObject({ status: 413, message: expect.stringMatching(/too large to read/) });
  });

  it("refuses a bomb whose headers lie, at the size they state", async () => {
    for (const sizesAfter of [false, true]) {
      const bomb = workbookOf({ ...bombSheet(), declared: 10_000, sizesAfter });
      await expect(readFileTable(bomb, {})).rejects.toMatchObject({
        status: 400,
        message: expect.stringMatching(/damaged or not an Excel \.xlsx file \(xl\/worksheets\/sheet1\.xml holds more than its header says\)/),
      });
    }
  });

  it("counts every part read against the total, and reads nothing when they pass it", () => {
    const parts = [deflatedPart("xl/a.xml", "a".repeat(600)), deflatedPart("xl/b.xml", "b".repeat(600))];
    expect(() => unzipXlsxParts(zipOf(parts), { partBytes: 1000, totalBytes: 1000 })).toThrow(/too large to read/);
    expect([...unzipXlsxParts(zipOf(parts), { partBytes: 1000, totalBytes: 1200 }).keys()]).toEqual(["xl/a.xml", "xl/b.xml"]);
    // Parts the workbook reader never reads (images, printer settings) are not inflated at all.
    expect([...unzipXlsxParts(zipOf([...parts, { ...deflatedPart("xl/media/image1.png", "x"), declared: GB }])).keys()]).toHaveLength(2);
  });

  it("refuses a part that holds less than its header says, or is not a zip", async () => {
    await expect(readFileTable(workbookOf({ ...sheetOf(3), declared: 1_000_000 }), {})).rejects.toThrow(/holds less than its header says/);
    await expect(readFileTable(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), {})).rejects.toThrow(/damaged or not an Excel \.xlsx file \(no zip directory\)/);
  });
});

describe("a workbook's cells are read within caps on the text they make", () => {
  const { maxXlsxCellChars, maxXlsxChars } = IMPORT_LIMITS;

  it("reads cells that show shared strings, up to a cell as long as Excel allows", async () => {
    const table = await readFileTable(workbookOf(sheetSharing(["Listing Name", "Notes"], 2), sharedStringsOf(["y".repeat(maxXlsxCellChars)])), {});
    expect(table.header).toEqual(["Listing Name", "Notes"]);
    expect(table.rows.map((r) => r.cells.map((c) => c.length))).toEqual([
      [maxXlsxCellChars, maxXlsxCellChars],
      [maxXlsxCellChars, maxXlsxCellChars],
    ]);
  });

  it("refuses a cell longer than Excel allows, naming the cell and the limit (413)", async () => {
    const file = workbookOf(sheetSharing(["Listing Name", "Notes"], 2), sharedStringsOf(["y".repeat(maxXlsxCellChars + 1)]));
    await expect(readFileTable(file, {})).rejects.toMatchObject({
      status: 413,
      message: "This workbook cannot be read: cell A2 holds more than 32,767 characters, more than an Excel cell can hold. Save the sheet you need as CSV from the program that made it.",
    });
  });

  it("refuses a sheet whose cells show one string so often that their text passes the total, naming the limit (413)", async () => {
    const rows = Math.ceil(maxXlsxChars / maxXlsxCellChars);
    const file = workbookOf(sheetSharing(["Notes"], rows), sharedStringsOf(["y".repeat(maxXlsxCellChars)]));
    expect(file.length).toBeLessThan(100_000);
    await expect(readFileTable(file, {})).rejects.toMatchObject({
      status: 413,
      message: "This workbook is too large to read: its cells hold more than 200 million characters in all. Split it into smaller files, or save the sheet you need as CSV.",
    });
  });
});

describe("each file is read in a worker with limits, in fair turns", { timeout: TIMEOUT.slow }, () => {
  const limits = (over: Partial<ReadLimits>): ReadLimits => ({ heapMb: 512, cpuMs: 60_000, wallMs: 120_000, ...over });
  // Seconds of CPU to read: 100,000 rows, an honest file that the default limits let through.
  const slow = { bytes: new Uint8Array(workbookOf(sheetOf(100_000))), options: {} };
  const small = { text: csvText(["Listing Name", "Address"], [["One", "1 Main St"]]), options: {} };

  it("stops a file over its CPU time or its wall time with a clear 413, and leaves no worker", async () => {
    // Well under what the 100,000-row file takes (about a second on a quiet machine, which at a
    // 1,000 ms limit read it within the limit).
    for (const over of [{ cpuMs: 150 }, { wallMs: 150 }]) {
      await expect(readInWorker(slow, 1, limits(over))).rejects.toMatchObject({ status: 413, message: expect.stringMatching(/too large or complex to read/) });
      expect(readWorkersAlive()).toBe(0);
    }
  });

  it("reads another member's small file while one member's slow file runs; the member's own files wait in order", async () => {
    let slowSettled = false;
    const first = readInWorker(slow, 1).finally(() => (slowSettled = true));
    const sameMember = readInWorker(small, 1);
    // A member has at most two files in the queue: the third is refused at once.
    expect(() => readInWorker(small, 1)).toThrow(/Your other files are still being read/);

    const other = await readInWorker(small, 2);
    expect(other.rows).toHaveLength(1);
    expect(slowSettled).toBe(false);

    expect((await sameMember).rows).toHaveLength(1);
    expect(slowSettled).toBe(true);
    expect((await first).rows).toHaveLength(100_000);
  });
});

describe("previews of two members", { timeout: TIMEOUT.slow }, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it("answers one member's 2-line CSV while another member's large workbook is being read", async () => {
    const [a, b] = [(await ctx.userAgent()).agent, (await ctx.userAgent()).agent];
    const large = workbookOf(sheetOf(30_000)).toString("base64");
    const finished: string[] = [];
    const slow = a
      .post("/api/imports/preview")
      .send({ fileName: "large.xlsx", encoding: "base64", content: large })
      .then((res) => (finished.push("large"), res));
    // Sent once the large file's read has started, so it is not first by arrival.
    await expect.poll(readWorkersAlive, { timeout: TIMEOUT.slow, interval: 20 }).toBe(1);
    const small = await b.post("/api/imports/preview").send({ fileName: "small.csv", encoding: "text", content: csvText(["Listing Name", "Address"], [["One", "1 Main St"]]) });
    finished.push("small");
    expect(small.status).toBe(200);
    expect((await slow).status).toBe(200);
    expect(finished).toEqual(["small", "large"]);
  });
});
