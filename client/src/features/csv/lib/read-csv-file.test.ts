import { describe, expect, it } from "vitest";
import { isCsvFileName, readCsvFile } from "./read-csv-file";

describe("reading the chosen CSV file", () => {
  it("accepts .csv names in any case, and nothing else", () => {
    expect(isCsvFileName("listings.csv")).toBe(true);
    expect(isCsvFileName("LISTINGS.CSV")).toBe(true);
    expect(isCsvFileName("listings.csv.xlsx")).toBe(false);
    expect(isCsvFileName("csv")).toBe(false);
  });

  it("reads UTF-8 as UTF-8 and keeps a byte-order mark for the server", async () => {
    const text = "\uFEFFListing Name,City\nCafé Olé,Zürich\n";
    expect(await readCsvFile(new Blob([new TextEncoder().encode(text)]))).toBe(text);
  });

  it("reads older Excel's Windows-1252 accents instead of replacement characters", async () => {
    // "Café" in Windows-1252: é is the single byte 0xE9, which is not valid UTF-8.
    const bytes = new Uint8Array([0x43, 0x61, 0x66, 0xe9, 0x2c, 0x80]);
    expect(await readCsvFile(new Blob([bytes]))).toBe("Café,€");
  });
});
