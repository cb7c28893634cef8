import { describe, expect, it } from "vitest";
import { byFolder, fileProblem, fileSize, titleFromFileName } from "./document-text";

describe("document text", () => {
  it("writes sizes a person reads", () => {
    expect(fileSize(900)).toBe("900 B");
    expect(fileSize(2048)).toBe("2 KB");
    expect(fileSize(5 * 1024 * 1024 + 1)).toBe("5.0 MB");
  });

  it("makes a title of a file's name", () => {
    expect(titleFromFileName("Offering_Memorandum-2026.pdf")).toBe("Offering Memorandum 2026");
    expect(titleFromFileName(".pdf")).toBe(".pdf");
  });

  it("refuses a type not taken and a file over 100 MB before sending it", () => {
    expect(fileProblem(new File(["x"], "setup.exe"))).toMatch(/^Upload a PDF/);
    expect(fileProblem(new File(["x"], "OM.PDF"))).toBeNull();
    expect(fileProblem(new File([], "OM.pdf"))).toBe("That file is empty");
  });

  it("groups by folder, named folders first", () => {
    const docs = [{ folder: "" }, { folder: "Leases" }, { folder: "Financials" }, { folder: "Leases" }];
    expect(byFolder(docs).map(([folder, list]) => [folder, list.length])).toEqual([
      ["Financials", 1],
      ["Leases", 2],
      ["", 1],
    ]);
  });
});
