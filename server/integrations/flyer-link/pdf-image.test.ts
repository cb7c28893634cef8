import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { firstPdfJpeg, isPdf, MAX_DICT_CHARS } from "./pdf-image.js";

const jpeg = (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 3, background } }).jpeg().toBuffer();

/** A PDF body with one image XObject per entry; only what the scanner reads, no xref table. */
function pdfWith(images: { dict: string; data: Buffer; indirectLength?: boolean }[]): Buffer {
  const parts: Buffer[] = [Buffer.from("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n", "latin1")];
  images.forEach((image, i) => {
    const length = image.indirectLength ? `${100 + i} 0 R` : String(image.data.length);
    parts.push(Buffer.from(`${i + 1} 0 obj\n<< /Type /XObject /Subtype /Image ${image.dict} /Length ${length} >>\nstream\r\n`, "latin1"));
    parts.push(image.data, Buffer.from("\r\nendstream\nendobj\n", "latin1"));
  });
  parts.push(Buffer.from("trailer\n<< /Root 1 0 R >>\n%%EOF\n", "latin1"));
  return Buffer.concat(parts);
}

describe("firstPdfJpeg", () => {
  it("returns the first DCTDecode photo, skipping small logos and other encodings", async () => {
    const logo = await jpeg(60, 60, "#000000");
    const photo = await jpeg(800, 600, "#3366aa");
    const pdf = pdfWith([
      { dict: "/Width 60 /Height 60 /Filter /DCTDecode", data: logo },
      { dict: "/Width 800 /Height 600 /Filter [/FlateDecode /DCTDecode]", data: Buffer.from("compressed") },
      { dict: "/Width 800 /Height 600 /Filter [ /DCTDecode ] /ColorSpace /DeviceRGB", data: photo, indirectLength: true },
    ]);
    expect(isPdf(pdf)).toBe(true);
    expect(firstPdfJpeg(pdf)?.equals(photo)).toBe(true);
  });

  it("uses a direct /Length", async () => {
    const photo = await jpeg(200, 200, "#aa3366");
    expect(firstPdfJpeg(pdfWith([{ dict: "/Width 200 /Height 200 /Filter /DCTDecode", data: photo }]))?.equals(photo)).toBe(true);
  });

  it("returns null when there is no JPEG image", () => {
    expect(firstPdfJpeg(pdfWith([{ dict: "/Width 500 /Height 500 /Filter /FlateDecode", data: Buffer.from("xx") }]))).toBeNull();
    // Encrypted or damaged streams do not start like a JPEG.
    expect(firstPdfJpeg(pdfWith([{ dict: "/Width 500 /Height 500 /Filter /DCTDecode", data: Buffer.from("garbage") }]))).toBeNull();
    expect(isPdf(Buffer.from("<html></html>"))).toBe(false);
  });

  it("finds a photo after megabytes of other streams", async () => {
    const photo = await jpeg(300, 200, "#33aa66");
    const junk = Buffer.from("1 0 obj\n<< /Length 3 >>\nstream\nabc\nendstream\nendobj\n".repeat(50_000), "latin1");
    const pdf = pdfWith([{ dict: "/Width 300 /Height 200 /Filter /DCTDecode", data: photo }]);
    expect(firstPdfJpeg(Buffer.concat([pdf.subarray(0, 15), junk, pdf.subarray(15)]))?.equals(photo)).toBe(true);
  });

  it("reads an image dictionary from the bytes just before its stream only", async () => {
    const photo = await jpeg(300, 200, "#aa6633");
    const padding = " ".repeat(MAX_DICT_CHARS);
    const far = pdfWith([{ dict: `/Width 300 /Height 200 /Filter /DCTDecode ${padding}`, data: photo }]);
    expect(firstPdfJpeg(far)).toBeNull();
  });

  // Searching back to "obj" from every "stream" took seconds on these; one pass does not.
  it.each([
    ["700 KB of stream keywords", `%PDF-1.4\n${"stream\n".repeat(102_400)}`],
    ["10 MB of stream keywords", `%PDF-1.4\n${"stream\n".repeat(1_497_965)}`],
    [
      "image streams that never end",
      `%PDF-1.4\n${"obj << /Subtype /Image /Filter /DCTDecode /Width 500 /Height 500 /Length 9 0 R >> stream\n".repeat(100_000)}`,
    ],
    [
      "image streams whose end is far away",
      `%PDF-1.4\n${"obj << /Subtype /Image /Filter /DCTDecode /Width 500 /Height 500 /Length 9 0 R >> stream\n".repeat(100_000)}endstream`,
    ],
    ["long numbers", `%PDF-1.4\nobj /Subtype /Image /Filter /DCTDecode /Length ${"9".repeat(4000)} ${"stream\n".repeat(100_000)}`],
  ])("gets through %s", (_name, text) => {
    expect(firstPdfJpeg(Buffer.from(text, "latin1"))).toBeNull();
  });
});
