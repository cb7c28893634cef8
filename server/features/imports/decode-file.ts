// What kind of file arrived and, for text, which characters its bytes are:
// a byte order mark decides; without one, UTF-16 is
// told by its zero bytes, UTF-8 by decoding strictly, and anything else is Windows-1252 (what
// Excel on Windows writes as "CSV"), unless the person chose a charset.
import chardet from "chardet";
import type { ImportCharset } from "../../../shared/imports/limits.js";
import { badRequest } from "../../http/http-error.js";

export type FileKind = "xlsx" | "text";

const startsWith = (bytes: Uint8Array, ...prefix: number[]) => prefix.every((b, i) => bytes[i] === b);

/** A zip (an .xlsx) or text; an OLE compound file is an encrypted workbook or an old .xls, refused. */
export function fileKind(bytes: Uint8Array): FileKind {
  if (startsWith(bytes, 0x50, 0x4b, 0x03, 0x04)) return "xlsx";
  if (startsWith(bytes, 0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1)) {
    throw badRequest(
      "This workbook is password-protected, or it is an old .xls file. Open it in Excel, remove the password, and save it as .xlsx or CSV.",
    );
  }
  return "text";
}

const BOMS: [ImportCharset, number[]][] = [
  ["utf-8", [0xef, 0xbb, 0xbf]],
  ["utf-16le", [0xff, 0xfe]],
  ["utf-16be", [0xfe, 0xff]],
];

/** UTF-16 without a byte order mark: Latin text has a zero byte in every other place. */
function utf16WithoutBom(bytes: Uint8Array): ImportCharset | null {
  const n = Math.min(bytes.length, 4096) & ~1;
  if (n < 4) return null;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < n; i += 2) {
    if (bytes[i] === 0) evenZeros++;
    if (bytes[i + 1] === 0) oddZeros++;
  }
  const pairs = n / 2;
  if (oddZeros > pairs * 0.3 && evenZeros < pairs * 0.05) return "utf-16le";
  if (evenZeros > pairs * 0.3 && oddZeros < pairs * 0.05) return "utf-16be";
  return null;
}

const isUtf8 = (bytes: Uint8Array) => {
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
};

/** The charset the bytes are in, and how many bytes of byte order mark to skip. */
export function detectCharset(bytes: Uint8Array): { charset: ImportCharset; bom: number } {
  for (const [charset, bom] of BOMS) if (startsWith(bytes, ...bom)) return { charset, bom: bom.length };
  const utf16 = utf16WithoutBom(bytes);
  if (utf16) return { charset: utf16, bom: 0 };
  if (isUtf8(bytes)) return { charset: "utf-8", bom: 0 };
  // Not UTF-8: chardet tells the single-byte family; every Western one reads as Windows-1252,
  // whose printable range is a superset of ISO-8859-1's.
  const guess = chardet.detect(bytes.subarray(0, 64 * 1024))?.toLowerCase() ?? "";
  if (guess.startsWith("utf-16le")) return { charset: "utf-16le", bom: 0 };
  if (guess.startsWith("utf-16be")) return { charset: "utf-16be", bom: 0 };
  return { charset: "windows-1252", bom: 0 };
}

/** The text of the bytes: in `override` when given (a byte order mark still skipped), else detected. */
export function decodeText(bytes: Uint8Array, override?: ImportCharset | null): { text: string; charset: ImportCharset } {
  const detected = detectCharset(bytes);
  const charset = override ?? detected.charset;
  const bom = override && override !== detected.charset ? 0 : detected.bom;
  let text = new TextDecoder(charset).decode(bytes.subarray(bom));
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  return { text, charset };
}
