// Finds the picture a web page offers for itself. Pages announce it in their share metadata
// (og:image, twitter:image, image_src); failing that, the largest <img> by its declared size,
// else the first. A tag scanner is enough for these few tags and keeps a full HTML parser out.

/** Candidate image addresses, best first, absolute, http(s) only, without duplicates. */
export function findHtmlImages(html: string, pageUrl: string): string[] {
  const text = html.replace(/<!--[\s\S]*?-->/g, "").replace(/<(script|style|template)\b[\s\S]*?<\/\1\s*>/gi, "");
  const tags = [...text.matchAll(/<(meta|link|img|base)\b((?:[^>"']|"[^"]*"|'[^']*')*)>/gi)].map((m) => ({
    name: m[1].toLowerCase(),
    attrs: parseAttributes(m[2]),
  }));

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

function parseAttributes(source: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  for (const m of source.matchAll(/([^\s=/"'>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g)) {
    const name = m[1].toLowerCase();
    attrs[name] ??= decodeEntities((m[2] ?? m[3] ?? m[4] ?? "").trim());
  }
  return attrs;
}

const NAMED_ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, entity: string) => {
    if (entity[0] !== "#") return NAMED_ENTITIES[entity.toLowerCase()] ?? whole;
    const code = entity[1] === "x" || entity[1] === "X" ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** A width or height attribute in pixels; anything else ("100%", "auto", missing) counts as 0. */
const dimension = (value: string | undefined) => (value && /^\d+(px)?$/i.test(value.trim()) ? parseInt(value, 10) : 0);

function resolve(href: string, base: string): string | null {
  if (!href) return null;
  try {
    const url = new URL(href, base);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}
