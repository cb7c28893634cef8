// An .xlsx is a zip of XML parts. Its parts are unzipped here, never by the workbook reader: each
// part's declared size is checked against the caps before anything is inflated, and inflating
// stops the moment a part's output passes its declared size, so a file whose headers lie costs
// no more than one whose headers tell the truth.
// The parts are then handed to read-excel-file as a zip of stored (uncompressed) entries: it
// copies them and inflates nothing. Pure; runs in the read worker.
import { Readable } from "node:stream";
import { crc32, inflateRawSync } from "node:zlib";
import { IMPORT_LIMITS } from "../../../shared/imports/limits.js";
import { badRequest, HttpError } from "../../http/http-error.js";

interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  size: number;
  localHeaderAt: number;
}

export interface PartCaps {
  /** Bytes one part may unzip to. */
  partBytes: number;
  /** Bytes all the parts read may unzip to together. */
  totalBytes: number;
}

const MB = 1024 * 1024;
export const XLSX_PART_CAPS: PartCaps = { partBytes: IMPORT_LIMITS.maxXlsxPartBytes, totalBytes: IMPORT_LIMITS.maxXlsxBytes };

/** A workbook that cannot be read, and why: here, or from the workbook reader (read-table.ts). */
export const damagedWorkbook = (why: string) =>
  badRequest(`This workbook cannot be read: it is damaged or not an Excel .xlsx file (${why}). Open it in Excel and save it again as .xlsx or CSV.`);
const tooLarge = (caps: PartCaps) =>
  new HttpError(
    413,
    `This workbook is too large to read: its sheets unpack to more than ${Math.round(caps.partBytes / MB)} MB each, or ${Math.round(caps.totalBytes / MB)} MB in all. Split it into smaller files, or save the sheet you need as CSV.`,
  );

/** The parts read-excel-file reads: workbook, relationships, shared strings, styles, sheets. */
const isRead = (name: string) => name.endsWith(".xml") || name.endsWith(".xml.rels");

const SIGNATURE = { local: 0x04034b50, central: 0x02014b50, end: 0x06054b50, end64: 0x06064b50, locator64: 0x07064b50 };
const MAX_32 = 0xffffffff;

function endOfDirectory(zip: Buffer): { count: number; at: number } {
  // The end record is the last 22 bytes, unless a comment (up to 64 KB) follows it.
  for (let at = zip.length - 22; at >= Math.max(0, zip.length - 22 - 0xffff); at--) {
    if (zip.readUInt32LE(at) !== SIGNATURE.end) continue;
    const count = zip.readUInt16LE(at + 10);
    const dirAt = zip.readUInt32LE(at + 16);
    if (dirAt !== MAX_32 && count !== 0xffff) return { count, at: dirAt };
    // A zip64 end record, found through its locator just before.
    const locator = at - 20;
    if (locator < 0 || zip.readUInt32LE(locator) !== SIGNATURE.locator64) throw damagedWorkbook("no zip64 end record");
    const end64 = Number(zip.readBigUInt64LE(locator + 8));
    if (end64 + 56 > zip.length || zip.readUInt32LE(end64) !== SIGNATURE.end64) throw damagedWorkbook("no zip64 end record");
    return { count: Number(zip.readBigUInt64LE(end64 + 32)), at: Number(zip.readBigUInt64LE(end64 + 48)) };
  }
  throw damagedWorkbook("no zip directory");
}

/** The sizes and offset a zip64 extra field holds for the fields that overflowed 32 bits. */
function zip64Fields(extra: Buffer, entry: ZipEntry): void {
  for (let at = 0; at + 4 <= extra.length; ) {
    const id = extra.readUInt16LE(at);
    const length = extra.readUInt16LE(at + 2);
    if (id === 0x0001) {
      let field = at + 4;
      const next = () => {
        if (field + 8 > at + 4 + length) throw damagedWorkbook("a short zip64 field");
        const value = Number(extra.readBigUInt64LE(field));
        field += 8;
        return value;
      };
      if (entry.size === MAX_32) entry.size = next();
      if (entry.compressedSize === MAX_32) entry.compressedSize = next();
      if (entry.localHeaderAt === MAX_32) entry.localHeaderAt = next();
      return;
    }
    at += 4 + length;
  }
}

/** The zip's entries as its central directory declares them. */
function zipEntries(zip: Buffer): ZipEntry[] {
  const end = endOfDirectory(zip);
  const entries: ZipEntry[] = [];
  let at = end.at;
  for (let i = 0; i < end.count; i++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== SIGNATURE.central) throw damagedWorkbook("a broken zip directory");
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const entry: ZipEntry = {
      flags: zip.readUInt16LE(at + 8),
      method: zip.readUInt16LE(at + 10),
      compressedSize: zip.readUInt32LE(at + 20),
      size: zip.readUInt32LE(at + 24),
      localHeaderAt: zip.readUInt32LE(at + 42),
      name: zip.toString("utf8", at + 46, at + 46 + nameLength),
    };
    zip64Fields(zip.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength), entry);
    entries.push(entry);
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** One part's bytes, inflated to at most its declared size. */
function unzipPart(zip: Buffer, entry: ZipEntry): Buffer {
  if (entry.flags & 0x1) throw badRequest("This workbook is password-protected. Open it in Excel, remove the password, and save it as .xlsx or CSV.");
  const header = entry.localHeaderAt;
  if (header + 30 > zip.length || zip.readUInt32LE(header) !== SIGNATURE.local) throw damagedWorkbook(`no header for ${entry.name}`);
  const dataAt = header + 30 + zip.readUInt16LE(header + 26) + zip.readUInt16LE(header + 28);
  if (dataAt + entry.compressedSize > zip.length) throw damagedWorkbook(`${entry.name} is cut short`);
  const packed = zip.subarray(dataAt, dataAt + entry.compressedSize);
  let part: Buffer;
  if (entry.method === 0) part = packed;
  else if (entry.method === 8) {
    try {
      // zlib inflates a chunk at a time and stops as soon as the output passes the limit.
      part = inflateRawSync(packed, { maxOutputLength: Math.max(1, entry.size), chunkSize: 64 * 1024 });
    } catch (err) {
      const code = (err as { code?: string }).code;
      throw damagedWorkbook(code === "ERR_BUFFER_TOO_LARGE" ? `${entry.name} holds more than its header says` : `${entry.name} does not unzip`);
    }
  } else throw damagedWorkbook(`${entry.name} is compressed in a way Excel does not use (method ${entry.method})`);
  if (part.length !== entry.size) throw damagedWorkbook(`${entry.name} holds ${part.length < entry.size ? "less" : "more"} than its header says`);
  return part;
}

/** The parts the workbook reader reads, unzipped within the caps; larger workbooks are refused. */
export function unzipXlsxParts(bytes: Uint8Array, caps: PartCaps = XLSX_PART_CAPS): Map<string, Buffer> {
  const zip = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const read = zipEntries(zip).filter((e) => isRead(e.name));
  const names = new Set<string>();
  let total = 0;
  for (const entry of read) {
    if (names.has(entry.name)) throw damagedWorkbook(`${entry.name} is in it twice`);
    names.add(entry.name);
    total += entry.size;
    // Declared sizes first: a workbook that says it is too large is refused before any inflating.
    if (entry.size > caps.partBytes || total > caps.totalBytes) throw tooLarge(caps);
  }
  return new Map(read.map((entry) => [entry.name, unzipPart(zip, entry)]));
}

const SLICE = 1024 * 1024;

/** The parts as a zip of stored entries, streamed: each part is let go once it is passed on. */
export function storedZip(parts: Map<string, Buffer>): Readable {
  function* records() {
    for (const [name, data] of parts) {
      const fileName = Buffer.from(name, "utf8");
      const header = Buffer.alloc(30);
      header.writeUInt32LE(SIGNATURE.local, 0);
      header.writeUInt16LE(20, 4); // version needed: 2.0
      header.writeUInt16LE(0x0800, 6); // names in UTF-8
      header.writeUInt16LE(0, 8); // stored
      header.writeUInt32LE(crc32(data), 14);
      header.writeUInt32LE(data.length, 18);
      header.writeUInt32LE(data.length, 22);
      header.writeUInt16LE(fileName.length, 26);
      parts.delete(name);
      yield Buffer.concat([header, fileName]);
      // In slices: the reader appends each chunk to what it holds, so a whole part would be copied.
      for (let at = 0; at < data.length; at += SLICE) yield data.subarray(at, at + SLICE);
    }
    // An empty directory: the reader streams through the entries and stops at the end record.
    const end = Buffer.alloc(22);
    end.writeUInt32LE(SIGNATURE.end, 0);
    yield end;
  }
  return Readable.from(records(), { objectMode: false });
}
