import { describe, expect, it } from "vitest";
import { bytesToBase64, importFileProblem, MAX_IMPORT_FILE_BYTES } from "./read-import-file";

describe("reading the wizard's file", () => {
  it("accepts CSV, TSV, text and .xlsx files and says why others are refused", () => {
    for (const name of ["a.csv", "A.CSV", "b.tsv", "c.txt", "d.xlsx"]) expect(importFileProblem({ name, size: 10 })).toBeNull();
    expect(importFileProblem({ name: "old.xls", size: 10 })).toMatch(/save it as \.xlsx or CSV/);
    expect(importFileProblem({ name: "flyer.pdf", size: 10 })).toMatch(/^Choose a CSV file/);
    expect(importFileProblem({ name: "a.csv", size: 0 })).toBe("The file is empty.");
    expect(importFileProblem({ name: "a.csv", size: MAX_IMPORT_FILE_BYTES + 1 })).toMatch(/Split it into smaller files/);
  });

  it("sends the exact bytes as base64, also past one slice", () => {
    const bytes = new Uint8Array(100_000).map((_, i) => (i * 7) % 256);
    expect(bytesToBase64(bytes)).toBe(Buffer.from(bytes).toString("base64"));
    // Windows-1252 "Café" survives as bytes: the server decodes it.
    expect(bytesToBase64(new Uint8Array([0x43, 0x61, 0x66, 0xe9]))).toBe("Q2Fm6Q==");
  });
});
