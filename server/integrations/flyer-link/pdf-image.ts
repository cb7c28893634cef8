// The first photo in a PDF flyer. PDFs store JPEG photos as image XObjects whose stream is the
// JPEG file itself (/Filter /DCTDecode), so it can be cut out of the bytes without rendering the
// PDF. Other image encodings (Flate-compressed pixels, JPEG 2000) and encrypted PDFs are not
// read.
//
// The scan is one forward pass: no byte is looked at twice by the keyword search, dictionaries
// are read from a bounded window that never overlaps the previous one, and the search for
// "endstream" only moves forward. A crafted PDF therefore costs time in proportion to its size
// (searching back from each "stream" to the start of the file made it quadratic). It runs in a
// worker thread (parse-in-worker.ts).

// Logos, bullets and rules come before the photo in many flyers; a listing photo is larger.
const MIN_SIDE = 100;
/** An image dictionary is a few hundred bytes; only this much before "stream" is read as one. */
export const MAX_DICT_CHARS = 4096;

const SOI = [0xff, 0xd8, 0xff];
const startsLikeJpeg = (bytes: Buffer) => bytes.length > 3 && SOI.every((b, i) => bytes[i] === b);

export const isPdf = (bytes: Buffer) => bytes.subarray(0, 1024).includes("%PDF-");

/** The bytes of the first JPEG image of at least MIN_SIDE pixels each way, or null. */
export function firstPdfJpeg(pdf: Buffer): Buffer | null {
  // latin1 maps byte n to char n, so string offsets are byte offsets.
  const text = pdf.toString("latin1");
  // "obj" (also the end of "endobj") marks where the next object's dictionary can start.
  const keywords = /obj|(?<!end)stream(?:\r\n|\n|\r)/g;
  let dictStart = 0;
  // The next "endstream" at or after some offset: -2 until searched, -1 when there is none left.
  let endstream = -2;
  const endstreamFrom = (from: number) => {
    if (endstream !== -1 && endstream < from) endstream = text.indexOf("endstream", from);
    return endstream;
  };

  for (let match; (match = keywords.exec(text)); ) {
    if (match[0] === "obj") {
      dictStart = match.index + 3;
      continue;
    }
    const dataStart = match.index + match[0].length;
    const dict = text.slice(Math.max(dictStart, match.index - MAX_DICT_CHARS), match.index);
    dictStart = dataStart;
    if (!/\/Subtype\s*\/Image\b/.test(dict)) continue;
    // Only a lone DCTDecode filter: with another one in front the bytes are not a JPEG yet.
    if (!/\/Filter\s*(?:\/DCTDecode|\[\s*\/DCTDecode\s*\])/.test(dict)) continue;
    const side = (key: string) => Number(new RegExp(`/${key}\\s+(\\d+)\\b`).exec(dict)?.[1] ?? MIN_SIDE);
    if (side("Width") < MIN_SIDE || side("Height") < MIN_SIDE) continue;

    // A direct /Length is exact; an indirect one (/Length 12 0 R) means reading up to endstream.
    const length = /\/Length\s+(\d+)\b(?!\s+\d+\s+R\b)/.exec(dict)?.[1];
    const end = length ? dataStart + Number(length) : endstreamFrom(dataStart);
    if (end < dataStart || end > pdf.length) continue;
    const data = trimEndOfLine(pdf.subarray(dataStart, end));
    if (startsLikeJpeg(data)) return Buffer.from(data);
    // Not a photo after all: its data is skipped, not searched for keywords.
    if (end > keywords.lastIndex) keywords.lastIndex = dictStart = end;
  }
  return null;
}

function trimEndOfLine(bytes: Buffer): Buffer {
  let end = bytes.length;
  if (bytes[end - 1] === 0x0a) end--;
  if (bytes[end - 1] === 0x0d) end--;
  return bytes.subarray(0, end);
}
