import { describe, expect, it } from "vitest";
import { csvTemplateText, CSV_EXPORT_COLUMNS } from "@shared/csv-columns";
import { headerCells, isTemplateFile } from "./template-header";

describe("the Import dialog's template check", () => {
  it("keeps the template, the export and loosely written template headers on the spec's path", () => {
    expect(isTemplateFile(csvTemplateText())).toBe(true);
    expect(isTemplateFile(`\uFEFF${CSV_EXPORT_COLUMNS.join(",")}\r\n`)).toBe(true);
    expect(isTemplateFile(" listing name ;ADDRESS;city;State;offering_type;PropertyDescription;Marketing  Category;Colour\n")).toBe(true);
    // An empty file stays there too: the server says "The file is empty" as it always has.
    expect(isTemplateFile("")).toBe(true);
    expect(isTemplateFile("\uFEFF \r\n")).toBe(true);
  });

  it("sends other tools' exports to the wizard", () => {
    expect(isTemplateFile("Property Name,Address,City,State,Price\r\nBay Plaza,1 Main St,Mobile,AL,$1\r\n")).toBe(false);
    expect(isTemplateFile(",Property Address,City State,Sale Price\n")).toBe(false);
    // The template's columns but one required column missing: the wizard can take a default for it.
    expect(isTemplateFile("Listing Name,Address,City,State,Offering Type,Property Description\n")).toBe(false);
  });

  it("reads quoted header cells, with delimiters and quotes inside", () => {
    expect(headerCells('"Name, full","Say ""hi""",Zip\r\nx,y,z')).toEqual(["Name, full", 'Say "hi"', "Zip"]);
    expect(headerCells("A\tB\tC")).toEqual(["A", "B", "C"]);
  });
});
