import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { IMAGE_SNIFF_BYTES, imagePixels, MAX_IMAGE_PIXELS, sniffImageType } from "./image-types.js";
import { jpegClaiming, pngClaiming } from "./test-images.js";

const solid = () => sharp({ create: { width: 4, height: 4, channels: 3, background: "#ff8800" } });

describe("sniffImageType", () => {
  it.each([
    ["image/jpeg", () => solid().jpeg().toBuffer()],
    ["image/png", () => solid().png().toBuffer()],
    ["image/webp", () => solid().webp().toBuffer()],
    ["image/gif", () => solid().gif().toBuffer()],
    ["image/avif", () => solid().avif().toBuffer()],
  ])("recognises %s by its first bytes", async (type, make) => {
    expect(sniffImageType((await make()).subarray(0, IMAGE_SNIFF_BYTES))).toBe(type);
  });

  it.each([
    ["SVG", '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
    ["SVG with an XML prolog", '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>'],
    ["HTML", "<!doctype html><html><script>alert(1)</script></html>"],
    ["a PDF", "%PDF-1.7\n"],
    ["text", "just some text"],
    ["a truncated PNG signature", "\x89PNG"],
    ["HEIC", "\x00\x00\x00\x18ftypheic\x00\x00\x00\x00mif1heic"],
    ["nothing", ""],
  ])("refuses %s", (_name, content) => {
    expect(sniffImageType(Buffer.from(content, "latin1"))).toBeNull();
  });
});

describe("imagePixels", () => {
  it("reads the size from the header", async () => {
    const jpeg = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#336699" } }).jpeg().toBuffer();
    expect(await imagePixels(jpeg)).toBe(60_000);
  });

  it("reads a bomb's claimed size without decoding it", async () => {
    const bomb = pngClaiming(10_000, 10_000);
    expect(bomb.length).toBeLessThan(100);
    expect(await imagePixels(bomb)).toBe(100_000_000);
    expect(await imagePixels(bomb)).toBeGreaterThan(MAX_IMAGE_PIXELS);
    expect(await imagePixels(jpegClaiming(10_000, 6_000))).toBe(60_000_000);
    // Beyond sharp's own default pixel limit too: the size is still read, not refused.
    expect(await imagePixels(pngClaiming(30_000, 30_000))).toBe(900_000_000);
  });

  it("is null when there is no readable header", async () => {
    expect(await imagePixels(Buffer.from("\xff\xd8\xffnot really a jpeg", "latin1"))).toBeNull();
    expect(await imagePixels(Buffer.from("plain text"))).toBeNull();
  });
});
