// The pure parts of the import wizard: decoding, splitting, cells, suggestions.
import { describe, expect, it } from "vitest";
import { decodeText, detectCharset, fileKind } from "./decode-file.js";
import { readRangedCell } from "./cell-text.js";
import { readCsvText } from "./read-table.js";
import { splitCityState, splitFullAddress } from "./split-address.js";
import { suggestMapping } from "./suggest-mapping.js";
import { suggestValue } from "./value-maps.js";

const utf16le = (text: string, bom = true) => new Uint8Array([...(bom ? [0xff, 0xfe] : []), ...Buffer.from(text, "utf16le")]);
const utf16be = (text: string) => {
  const le = Buffer.from(text, "utf16le");
  for (let i = 0; i < le.length; i += 2) [le[i], le[i + 1]] = [le[i + 1], le[i]];
  return new Uint8Array([0xfe, 0xff, ...le]);
};
const windows1252 = (text: string) => new Uint8Array([...text].map((c) => ({ "é": 0xe9, "’": 0x92, "–": 0x96, "±": 0xb1 })[c] ?? c.charCodeAt(0)));

describe("decoding", () => {
  const text = "Name,Note\r\nCafé,Owner’s – ±2,500 SF\r\n";
  it("detects UTF-8 with and without BOM, UTF-16 both ways, and Windows-1252", () => {
    expect(decodeText(new Uint8Array([0xef, 0xbb, 0xbf, ...Buffer.from(text)]))).toEqual({ text, charset: "utf-8" });
    expect(decodeText(new Uint8Array(Buffer.from(text)))).toEqual({ text, charset: "utf-8" });
    expect(decodeText(utf16le(text))).toEqual({ text, charset: "utf-16le" });
    expect(decodeText(utf16le(text, false))).toEqual({ text, charset: "utf-16le" });
    expect(decodeText(utf16be(text))).toEqual({ text, charset: "utf-16be" });
    expect(decodeText(windows1252(text))).toEqual({ text, charset: "windows-1252" });
  });
  it("follows a manual charset over the guess", () => {
    const bytes = new Uint8Array(Buffer.from("Café"));
    expect(detectCharset(bytes).charset).toBe("utf-8");
    expect(decodeText(bytes, "windows-1252").text).toBe("CafÃ©");
  });
  it("tells an xlsx (zip) from text, and refuses an encrypted workbook (OLE) with a clear message", () => {
    expect(fileKind(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1]))).toBe("xlsx");
    expect(fileKind(new Uint8Array(Buffer.from("a,b")))).toBe("text");
    expect(() => fileKind(new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0]))).toThrow(/password-protected/);
  });
});

describe("delimited text", () => {
  it("detects the delimiter from the header, numbers rows as a spreadsheet, skips blank rows", () => {
    for (const d of [",", ";", "\t", "|"]) {
      const t = readCsvText(`A${d}B${d}C\n1${d}2${d}3\n\n4${d}5${d}6\n`, {});
      expect(t.delimiter).toBe(d);
      expect(t.header).toEqual(["A", "B", "C"]);
      expect(t.rows).toEqual([{ row: 2, cells: ["1", "2", "3"] }, { row: 4, cells: ["4", "5", "6"] }]);
    }
  });
  it("keeps an empty or duplicate header and pads short rows", () => {
    const t = readCsvText(",Name,Name\nx,a\n", {});
    expect(t.header).toEqual(["", "Name", "Name"]);
    expect(t.rows[0].cells).toEqual(["x", "a", ""]);
  });
  it("refuses an empty file and a file without rows", () => {
    expect(() => readCsvText("  \n", {})).toThrow(/empty/);
    expect(() => readCsvText("A,B\n\n", {})).toThrow(/no rows/);
  });
});

describe("combined addresses", () => {
  it("splits City, State with codes or full names", () => {
    expect(splitCityState("Mobile, Alabama")).toEqual({ city: "Mobile", state: "AL" });
    expect(splitCityState("Mobile, AL")).toEqual({ city: "Mobile", state: "AL" });
    expect(splitCityState("Morgantown WV 26501")).toEqual({ city: "Morgantown", state: "WV", zip: "26501" });
    expect(splitCityState("New York, New York")).toEqual({ city: "New York", state: "NY" });
  });
  it("splits full addresses into address, city, state and ZIP", () => {
    expect(splitFullAddress("54-56 Saint Emanuel St, Mobile, AL 36602")).toEqual({ address: "54-56 Saint Emanuel St", city: "Mobile", state: "AL", zip: "36602" });
    expect(splitFullAddress("1 Main St, Suite 4, Wheeling, West Virginia 26003-1234")).toEqual({
      address: "1 Main St, Suite 4",
      city: "Wheeling",
      state: "WV",
      zip: "26003-1234",
    });
    expect(splitFullAddress("9 High St, Morgantown WV")).toEqual({ address: "9 High St", city: "Morgantown", state: "WV", zip: "" });
  });
});

describe("money and size cells", () => {
  it("empties the words exports write instead of a price, and reads a range as its lower bound", () => {
    for (const word of ["Price Upon Request", "Call for Price", "Negotiable", "N/A", "call for price."]) expect(readRangedCell("askingPrice", word)).toEqual({ text: "" });
    expect(readRangedCell("askingPrice", "$489,000 - $699,000")).toEqual({
      text: "$489,000",
      range: { field: "askingPrice", low: "$489,000", high: "$699,000" },
    });
    expect(readRangedCell("askingPrice", "$489K–$699K").text).toBe("$489K");
    expect(readRangedCell("buildingSizeSf", "1,000 - 5,000 SF").text).toBe("1,000 SF");
    expect(readRangedCell("leaseRate", "$18.50 - $22.00 /SF/yr").text).toBe("$18.50 /SF/yr");
    expect(readRangedCell("askingPrice", "$1,650,000")).toEqual({ text: "$1,650,000" });
  });
});

describe("suggestions", () => {
  it("maps header synonyms and leaves what nothing names", () => {
    const header = ["Property Name", "Sale Price", "RBA", "Postal Code", "Listing URL", "Status", "物件名", "住所"];
    const rows = [{ cells: ["A", "$1", "2,000", "26501", "https://x.example/1", "For Sale", "東京ビル", "東京都"] }];
    expect(suggestMapping(header, rows)).toEqual(["listingName", "askingPrice", "buildingSizeSf", "zip", "looplinkLink", "offeringType", null, null]);
  });
  it("reads a Status of deal stages as Deal Stage, whole addresses under Address as full addresses", () => {
    expect(suggestMapping(["Status", "Address"], [{ cells: ["Under Contract", "1 Main St, Wheeling, WV 26003"] }])).toEqual(["dealStage", "fullAddress"]);
  });
  it("suggests allowed values for what exports write", () => {
    expect(suggestValue("offeringType", "For Sale")).toBe("Sell");
    expect(suggestValue("offeringType", "For Lease")).toBe("Lease");
    expect(suggestValue("offeringType", "Sale/Lease")).toBe("Sell/Lease");
    expect(suggestValue("propertyType", "Medical Office")).toBe("Medical");
    expect(suggestValue("buildingClass", "Class B")).toBe("B");
    expect(suggestValue("state", "West Virginia")).toBe("WV");
    expect(suggestValue("marketingCategory", "grand slam")).toBe("Grand Slam");
    expect(suggestValue("offeringType", "Auction")).toBeNull();
  });
});
