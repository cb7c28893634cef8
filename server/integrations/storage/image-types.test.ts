import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { IMAGE_SNIFF_BYTES, sniffImageType } from "./image-types.js";

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
