import { describe, expect, it } from "vitest";
import { findHtmlImages } from "./html-image.js";

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
});
