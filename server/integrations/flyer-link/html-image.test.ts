import { describe, expect, it } from "vitest";
import { BODY_SCAN_CHARS, findHtmlImages, MAX_PAGE_IMAGES, PAGE_SCAN_CHARS } from "./html-image.js";

const PAGE = "https://broker.example.com/listings/42/flyer.html";

describe("findHtmlImages", () => {
  it("puts og:image first, then twitter:image, image_src and the page's images", () => {
    const html = `<html><head>
      <link rel="image_src" href="/share.jpg">
      <meta name="twitter:image" content="https://cdn.example.com/card.png">
      <meta property="og:image" content="https://cdn.example.com/og.jpg?w=1200&amp;h=630">
      </head><body><img src="photo.jpg"></body></html>`;
    expect(findHtmlImages(html, PAGE)).toEqual([
      "https://cdn.example.com/og.jpg?w=1200&h=630",
      "https://cdn.example.com/card.png",
      "https://broker.example.com/share.jpg",
      "https://broker.example.com/listings/42/photo.jpg",
    ]);
  });

  it("accepts the og:image variants and attribute quoting styles", () => {
    expect(findHtmlImages(`<meta content='//cdn.example.com/a.webp' property=og:image:secure_url>`, PAGE)).toEqual([
      "https://cdn.example.com/a.webp",
    ]);
    expect(findHtmlImages(`<META PROPERTY="og:image:url" CONTENT="/b.png">`, PAGE)).toEqual(["https://broker.example.com/b.png"]);
  });

  it("without share metadata, ranks images by declared size, then by order", () => {
    const html = `
      <img src="/logo.png" width="120" height="40">
      <img src="/unsized.jpg">
      <img alt="a > b" src="/hero.jpg" width="1600px" height="900">
      <img src="/thumb.jpg" width="300" height="200">`;
    expect(findHtmlImages(html, PAGE)).toEqual([
      "https://broker.example.com/hero.jpg",
      "https://broker.example.com/thumb.jpg",
      "https://broker.example.com/logo.png",
      "https://broker.example.com/unsized.jpg",
    ]);
  });

  it("falls back to the first image when none declares a size", () => {
    expect(findHtmlImages(`<img src="first.png"><img src="second.png">`, PAGE)[0]).toBe(
      "https://broker.example.com/listings/42/first.png",
    );
  });

  it("honours <base href>, uses data-src over placeholder data: URLs, and drops other schemes", () => {
    const html = `<base href="https://static.example.net/assets/">
      <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" data-src="lazy.jpg">
      <img src="javascript:alert(1)">
      <img src="file:///etc/passwd">`;
    expect(findHtmlImages(html, PAGE)).toEqual(["https://static.example.net/assets/lazy.jpg"]);
  });

  it("ignores tags inside comments and scripts, and duplicates", () => {
    const html = `<!-- <meta property="og:image" content="/old.jpg"> -->
      <script>document.write('<img src="/scripted.jpg">')</script>
      <meta property="og:image" content="/same.jpg"><img src="/same.jpg">`;
    expect(findHtmlImages(html, PAGE)).toEqual(["https://broker.example.com/same.jpg"]);
  });

  it("finds nothing on a page without images", () => {
    expect(findHtmlImages("<html><body><p>No pictures</p></body></html>", PAGE)).toEqual([]);
  });

  it("ignores the inert content of <template>", () => {
    const html = `<template><meta property="og:image" content="/tpl.jpg"><img src="/tpl.jpg"></template><img src="/real.jpg">`;
    expect(findHtmlImages(html, PAGE)).toEqual(["https://broker.example.com/real.jpg"]);
  });

  it("keeps an attribute whole when it spans the pieces the parser is fed", () => {
    const path = `/${"a".repeat(40_000)}.jpg`;
    expect(findHtmlImages(`<meta property="og:image" content="${path}">`, PAGE)).toEqual([`https://broker.example.com${path}`]);
  });

  it("reads the whole head, then only a bounded stretch of the body", () => {
    const html = `<html><head><style>${"p{}".repeat(400_000)}</style>
      <meta name="twitter:image" content="/card.png"></head>
      <body><img src="/early.jpg">${"<p>text</p>".repeat(BODY_SCAN_CHARS / 10)}
      <img src="/late.jpg" width="4000" height="3000"></body></html>`;
    expect(findHtmlImages(html, PAGE)).toEqual(["https://broker.example.com/card.png", "https://broker.example.com/early.jpg"]);
  });

  it("reads no more than PAGE_SCAN_CHARS of a page without a head", () => {
    const html = `${"<p>text</p>".repeat(PAGE_SCAN_CHARS / 10)}<meta property="og:image" content="/og.jpg">`;
    expect(findHtmlImages(html, PAGE)).toEqual([]);
  });

  it("considers the first MAX_PAGE_IMAGES images only", () => {
    const small = Array.from({ length: MAX_PAGE_IMAGES }, (_, i) => `<img src="/${i}.jpg" width="10" height="10">`).join("");
    const urls = findHtmlImages(`${small}<img src="/big.jpg" width="2000" height="2000">`, PAGE);
    expect(urls).toHaveLength(MAX_PAGE_IMAGES);
    expect(urls).not.toContain("https://broker.example.com/big.jpg");
  });

  // A tag regex took minutes on these; a streaming tokenizer reads them in one pass.
  it.each([
    ["625 KB of unclosed <img tags", "<img ".repeat(128_000)],
    ["10 MB of unclosed <img tags", "<img ".repeat(2_097_152)],
    ["an unclosed attribute value", `<img src="${"x".repeat(10_485_760)}`],
    ["an unclosed comment", `<!--${"<img src=/a.jpg>".repeat(600_000)}`],
    ["an unclosed script", `<script>${"<img src=/a.jpg>".repeat(600_000)}`],
    ["a flood of meta tags", `<head>${'<meta property="og:title" content="x">'.repeat(250_000)}`],
  ])("gets through %s", (_name, html) => {
    expect(findHtmlImages(html, PAGE)).toEqual([]);
  });
});
