// The map view's configured basemap (docs/decisions/290-map-basemap.md): an XYZ raster tile
// template and its attribution. Without them the browser draws the embedded outlines, offline.

/** What is wrong with a MAP_TILES_URL, or null: an http(s) template with {z}, {x} and {y}, no credentials. */
export function tilesUrlProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value.replace(/\{[a-z]\}/g, "0"));
  } catch {
    return "must be an http:// or https:// XYZ tile template, such as https://tiles.example.com/{z}/{x}/{y}.png";
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return "must start with http:// or https://";
  if (url.username || url.password) return "must not hold a user name or password";
  for (const part of ["{z}", "{x}", "{y}"]) if (!value.includes(part)) return `must contain ${part} (an XYZ tile template)`;
  return null;
}

const ATTRIBUTION_MAX = 300;

/** What is wrong with a MAP_ATTRIBUTION, or null: short plain text (it is shown as text, not HTML). */
export function attributionProblem(value: string): string | null {
  if (value.length > ATTRIBUTION_MAX) return `must be at most ${ATTRIBUTION_MAX} characters`;
  if (/[<>]/.test(value)) return "must be plain text (no HTML tags)";
  return null;
}

/**
 * The origin the browser fetches tiles from, for the page's Content-Security-Policy (img-src):
 * a `{s}` subdomain placeholder becomes the wildcard `*`.
 */
export function tilesOrigin(template: string): string {
  const origin = /^https?:\/\/[^/?#]+/i.exec(template)?.[0] ?? "";
  return origin.replace(/\{s\}/g, "*");
}

export interface Basemap {
  tilesUrl: string | null;
  attribution: string | null;
}

/** What the browser is told: the tiles and their attribution, or nulls for the embedded outlines. */
export function basemapFor(config: { MAP_TILES_URL?: string; MAP_ATTRIBUTION?: string }): Basemap {
  const tilesUrl = config.MAP_TILES_URL ?? null;
  return { tilesUrl, attribution: tilesUrl ? (config.MAP_ATTRIBUTION ?? null) : null };
}
