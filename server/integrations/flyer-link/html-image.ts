// Finds the picture a web page offers for itself. Pages announce it in their share metadata
// (og:image, twitter:image, image_src); failing that, the largest <img> by its declared size,
// else the first. The page is read by htmlparser2, a streaming tokenizer that costs time in
// proportion to the bytes it reads (a hand-written tag regex was quadratic on unclosed tags),
// and only as far as it needs: the whole <head>, then a bounded stretch of the body.
// Runs in a worker thread (parse-in-worker.ts); see docs/decisions/100-flyer-parsing-off-the-event-loop.md.
import { Parser } from "htmlparser2";

/** Share metadata lives in <head>; after it, only this much of the body is read for <img>s. */
export const BODY_SCAN_CHARS = 512 * 1024;
/** However the page is shaped (a head that never ends, no head at all), no more than this is read. */
export const PAGE_SCAN_CHARS = 2 * 1024 * 1024;
/** The first <img>s of a page are the ones that matter; a gallery page may have thousands. */
export const MAX_PAGE_IMAGES = 200;
/** The parser is fed in pieces so that reading can stop at the limits above. */
const CHUNK_CHARS = 16 * 1024;

const WANTED = new Set(["meta", "link", "img", "base"]);

interface Tag {
  name: string;
  attrs: Record<string, string | undefined>;
}

/** The <meta>, <link>, <img> and <base> tags of the part of the page that is read. */
function readTags(html: string): Tag[] {
  const tags: Tag[] = [];
  let images = 0;
  // <template> content is inert (never shown) but parsed like markup: its tags are skipped.
  let templateDepth = 0;
  let headEnd = Infinity;
  let stopped = false;
  const limit = () => Math.min(PAGE_SCAN_CHARS, headEnd + BODY_SCAN_CHARS);
  const stop = () => {
    stopped = true;
    parser.pause();
  };

  const parser = new Parser({
    onopentag(name, attribs) {
      if (stopped) return;
      if (parser.startIndex > limit()) return stop();
      if (name === "template") templateDepth++;
      if (templateDepth > 0) return;
      if (name === "body") headEnd = Math.min(headEnd, parser.startIndex);
      if (!WANTED.has(name)) return;
      if (name === "img" && ++images > MAX_PAGE_IMAGES) return stop();
      const attrs: Tag["attrs"] = {};
      for (const [key, value] of Object.entries(attribs)) attrs[key] = value.trim();
      tags.push({ name, attrs });
    },
    onclosetag(name) {
      if (name === "template" && templateDepth > 0) templateDepth--;
      if (name === "head") headEnd = Math.min(headEnd, parser.endIndex);
    },
  });
  // Comments, <script> and <style> bodies never produce tags; entities in attributes are decoded.
  for (let at = 0; at < html.length && !stopped && at < limit(); at += CHUNK_CHARS) {
    parser.write(html.slice(at, at + CHUNK_CHARS));
  }
  if (!stopped) parser.end();
  return tags;
}

/** Candidate image addresses, best first, absolute, http(s) only, without duplicates. */
export function findHtmlImages(html: string, pageUrl: string): string[] {
  const tags = readTags(html);

  const baseHref = tags.find((t) => t.name === "base")?.attrs.href;
  const base = resolve(baseHref ?? "", pageUrl) ?? pageUrl;

  const metaImage = (keys: string[]) =>
    tags.find((t) => t.name === "meta" && keys.includes((t.attrs.property ?? t.attrs.name ?? "").toLowerCase()) && t.attrs.content)
      ?.attrs.content;
  const imageSrc = tags.find(
    (t) => t.name === "link" && (t.attrs.rel ?? "").toLowerCase().split(/\s+/).includes("image_src") && t.attrs.href,
  )?.attrs.href;

  const images = tags
    .filter((t) => t.name === "img")
    .map((t, order) => ({
      // Lazy-loading pages keep the real address in data-src and a placeholder in src.
      src: t.attrs.src && !t.attrs.src.startsWith("data:") ? t.attrs.src : t.attrs["data-src"],
      area: dimension(t.attrs.width) * dimension(t.attrs.height),
      order,
    }))
    .filter((img): img is { src: string; area: number; order: number } => Boolean(img.src))
    .sort((a, b) => b.area - a.area || a.order - b.order);

  const candidates = [
    metaImage(["og:image", "og:image:url", "og:image:secure_url"]),
    metaImage(["twitter:image", "twitter:image:src"]),
    imageSrc,
    ...images.map((img) => img.src),
  ];
  const urls = candidates.map((c) => (c ? resolve(c, base) : null)).filter((u): u is string => u !== null);
  return [...new Set(urls)];
}

/** A width or height attribute in pixels; anything else ("100%", "auto", missing) counts as 0. */
const dimension = (value: string | undefined) => (value && /^\d+(px)?$/i.test(value) ? parseInt(value, 10) : 0);

function resolve(href: string, base: string): string | null {
  if (!href) return null;
  try {
    const url = new URL(href, base);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}
