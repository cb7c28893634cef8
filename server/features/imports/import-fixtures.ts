// Files in the shapes real exports have, for the import wizard's tests and bench.
import { constants as zlibConstants, deflateRawSync } from "node:zlib";
import { toCsvLine } from "../../../shared/csv-columns.js";

export const csvText = (header: string[], rows: string[][]) => [header, ...rows].map(toCsvLine).join("");

/** A LoopNet search scrape: an empty first header (the photo), "City, State" with full names, price words. */
export const loopnetScrape = (rows: { link: string; address: string; price: string }[]) =>
  csvText(
    ["", "Property Name", "Address", "City, State", "Price", "Building Size", "Property Type", "Status", "Link", "Description"],
    rows.map((r, i) => [
      `https://images.example.com/${i}.jpg`,
      `Suite ${100 + i}`,
      r.address,
      "Morgantown, West Virginia",
      r.price,
      "2,500 SF",
      "Office",
      "For Lease",
      r.link,
      `Office suite ${i} in a downtown building.`,
    ]),
  );

/** A Crexi state list: combined addresses, ranges, "Sale/Lease". Its rows: title, full address, price, SF, type, sale type, details. */
export const crexiList = (
  rows: string[][] = [
    ["Dauphin Plaza", "54-56 Saint Emanuel St, Mobile, AL 36602", "$489,000 - $699,000", "12,000 SF", "Retail", "For Sale", "A corner retail plaza."],
    ["Bay Lots", "100 Water St, Suite 2, Wheeling, West Virginia 26003", "Price Upon Request", "", "Vacant Land", "Sale/Lease", "Two riverfront lots."],
    ["Harbor Office", "7 High St, Morgantown, WV", "Call for Price", "8,000", "Office", "For Lease", "Class B offices."],
  ],
) => csvText(["Title", "Full Address", "Asking Price", "SF", "Type", "Sale Type", "Details"], rows);

/** A LoopNet saved-search export: Address holds "street, city, ST", some streets without a number; every row its listing's link. */
export const LOOPNET_SEARCH_HEADER = ["Listing ID", "Address", "Property Type", "Price", "Building Size", "Listing URL", "Website"];
export const LOOPNET_SEARCH_ROWS = [
  ["31234567", "54 Dauphin St, Mobile, AL", "Retail", "$650,000", "4,200 SF", "https://www.loopnet.com/Listing/54-Dauphin-St-Mobile-AL/31234567/", "https://www.gulfcoastcre.example"],
  ["31234568", "Hwy 98, Daphne, AL", "Land", "$1,200,000", "", "https://www.loopnet.com/Listing/Hwy-98-Daphne-AL/31234568/", "https://www.gulfcoastcre.example"],
  ["31234569", "1200 Government St, Mobile, AL 36604", "Office", "$22.50 /SF/yr", "65,000 SF", "https://www.loopnet.com/Listing/1200-Government-St-Mobile-AL/31234569/", "https://www.gulfcoastcre.example/"],
  ["31234570", "Schillinger Rd & Airport Blvd, Mobile, AL", "Land", "Call for Price", "", "https://www.loopnet.com/Listing/Schillinger-Rd-Airport-Blvd-Mobile-AL/31234570/", "https://www.gulfcoastcre.example"],
  ["31234571", "7 Water St, Fairhope, Alabama", "Industrial", "$2,400,000", "30,000 SF", "https://www.loopnet.com/Listing/7-Water-St-Fairhope-AL/31234571/", "https://www.gulfcoastcre.example"],
];
export const loopnetSearch = (rows = LOOPNET_SEARCH_ROWS) => csvText(LOOPNET_SEARCH_HEADER, rows);

/** A part of a zip: its deflated bytes and the size they inflate to. */
export interface ZipPart {
  name: string;
  deflated: Buffer;
  size: number;
  /** The size the headers state, when they lie. */
  declared?: number;
  /** Sizes after the data (flag 8), as streaming writers do: the local header says 0. */
  sizesAfter?: boolean;
  /** The directory's sizes in a zip64 field, as writers of files over 4 GB put them. */
  zip64?: boolean;
}

export const deflatedPart = (name: string, text: string): ZipPart => ({ name, deflated: deflateRawSync(text), size: Buffer.byteLength(text) });

/**
 * `head`, `times` copies of `body`, then `tail`, deflated without ever holding the whole: each
 * piece is deflated alone and flushed to a byte boundary, so the deflated pieces can be
 * repeated as they are. 1 MB of repeated XML deflates to about 1 KB.
 */
export function deflatedRepeat(name: string, head: string, body: string, times: number, tail: string): ZipPart {
  const piece = (text: string) => deflateRawSync(text, { finishFlush: zlibConstants.Z_SYNC_FLUSH });
  const middle = piece(body);
  const deflated = Buffer.concat([piece(head), ...Array<Buffer>(times).fill(middle), piece(tail), deflateRawSync(Buffer.alloc(0))]);
  return { name, deflated, size: Buffer.byteLength(head) + times * Buffer.byteLength(body) + Buffer.byteLength(tail) };
}

/** A zip of the parts: local headers, data (and descriptors), central directory, end record. */
export function zipOf(parts: ZipPart[]): Buffer {
  const local: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const p of parts) {
    const name = Buffer.from(p.name);
    const size = p.declared ?? p.size;
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(p.sizesAfter ? 0x08 : 0, 6);
    header.writeUInt16LE(8, 8);
    const stated = (value: number) => (p.sizesAfter ? 0 : p.zip64 ? 0xffffffff : value);
    header.writeUInt32LE(stated(p.deflated.length), 18);
    header.writeUInt32LE(stated(size), 22);
    header.writeUInt16LE(name.length, 26);
    const descriptor = Buffer.alloc(p.sizesAfter ? 16 : 0);
    if (p.sizesAfter) {
      descriptor.writeUInt32LE(0x08074b50, 0);
      descriptor.writeUInt32LE(p.deflated.length, 8);
      descriptor.writeUInt32LE(size, 12);
    }
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(p.sizesAfter ? 0x08 : 0, 8);
    entry.writeUInt16LE(8, 10);
    entry.writeUInt32LE(p.zip64 ? 0xffffffff : p.deflated.length, 20);
    entry.writeUInt32LE(p.zip64 ? 0xffffffff : size, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(offset, 42);
    const extra = Buffer.alloc(p.zip64 ? 20 : 0);
    if (p.zip64) {
      extra.writeUInt16LE(0x0001, 0);
      extra.writeUInt16LE(16, 2);
      extra.writeBigUInt64LE(BigInt(size), 4);
      extra.writeBigUInt64LE(BigInt(p.deflated.length), 12);
      entry.writeUInt16LE(extra.length, 30);
    }
    local.push(header, name, p.deflated, descriptor);
    central.push(entry, name, extra);
    offset += header.length + name.length + p.deflated.length + descriptor.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...local, directory, end]);
}

const REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
export const SHEET_HEAD = `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${MAIN}"><sheetData>`;
export const SHEET_TAIL = "</sheetData></worksheet>";
/** A row of inline strings, as the sheet XML holds it (up to 26 columns). */
export const sheetRow = (row: number, cells: string[]) =>
  `<row r="${row}">${cells.map((c, i) => `<c r="${String.fromCharCode(65 + i)}${row}" t="inlineStr"><is><t>${c}</t></is></c>`).join("")}</row>`;

/** A sheet of a header and `rows` rows of `width` short cells. */
export function sheetOf(rows: number, width = 8): ZipPart {
  const lines = [SHEET_HEAD, sheetRow(1, Array.from({ length: width }, (_, i) => `Column ${i + 1}`))];
  for (let r = 2; r <= rows + 1; r++) lines.push(sheetRow(r, Array.from({ length: width }, (_, i) => `cell ${r}.${i}`)));
  lines.push(SHEET_TAIL);
  return deflatedPart("xl/worksheets/sheet1.xml", lines.join(""));
}

export const SHARED_STRINGS_HEAD = `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${MAIN}">`;
export const SHARED_STRINGS_TAIL = "</sst>";
/** A shared strings table (xl/sharedStrings.xml) of these strings, indexed from 0. */
export const sharedStringsOf = (strings: string[]) =>
  deflatedPart("xl/sharedStrings.xml", `${SHARED_STRINGS_HEAD}${strings.map((t) => `<si><t>${t}</t></si>`).join("")}${SHARED_STRINGS_TAIL}`);

/**
 * A sheet of a header of inline strings, then `rows` rows whose `header.length` cells each show
 * shared string `index` (the workbook's xl/sharedStrings.xml holds it).
 */
export function sheetSharing(header: string[], rows: number, index = 0): ZipPart {
  const cell = (column: number, row: number) => `<c r="${String.fromCharCode(65 + column)}${row}" t="s"><v>${index}</v></c>`;
  const lines = [SHEET_HEAD, sheetRow(1, header)];
  for (let r = 2; r <= rows + 1; r++) lines.push(`<row r="${r}">${header.map((_, c) => cell(c, r)).join("")}</row>`);
  lines.push(SHEET_TAIL);
  return deflatedPart("xl/worksheets/sheet1.xml", lines.join(""));
}

/** A one-sheet workbook around the sheet's part (xl/worksheets/sheet1.xml), with any more parts (shared strings). */
export const workbookOf = (sheet: ZipPart, ...more: ZipPart[]) =>
  zipOf([
    deflatedPart(
      "[Content_Types].xml",
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/></Types>',
    ),
    deflatedPart(
      "xl/workbook.xml",
      `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="${REL}"><sheets><sheet name="Listings" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    deflatedPart(
      "xl/_rels/workbook.xml.rels",
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    ),
    sheet,
    ...more,
  ]);
