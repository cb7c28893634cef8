// The page's link preview (docs/decisions/277-public-page-previews.md): a 1200x630 JPEG of the
// cover photo with the market status and headline across its foot, well under the 1 MB LinkedIn,
// Facebook and X accept; the brand's colour alone when there is no confirmed photo.
import sharp, { type Sharp } from "sharp";
import { escapeHtml } from "../../http/html-text.js";
import { MAX_IMAGE_PIXELS } from "../../integrations/storage/image-types.js";
import type { PageModel } from "./page-model.js";
import { OG_IMAGE_HEIGHT, OG_IMAGE_WIDTH } from "./render-page.js";

const ACCENT = /^#[0-9a-fA-F]{6}$/;
const FONT = "Inter, DejaVu Sans, sans-serif";
/** The text's left edge; the right one mirrors it, so every line stays inside the picture. */
export const OG_MARGIN = 48;
const TEXT_WIDTH = OG_IMAGE_WIDTH - 2 * OG_MARGIN;
/** The headline on one line shrinks through these sizes; past the last it wraps to two lines at it. */
const HEADLINE_SIZES = [52, 46, 40];
const PLACE_SIZE = 32;
const ELLIPSIS = "…";

interface TextStyle {
  size: number;
  bold: boolean;
}

const textSvg = (text: string, { size, bold }: TextStyle) =>
  `<text x="0" y="${Math.round(size * 1.1)}" font-family="${FONT}" font-size="${size}"${bold ? ' font-weight="700"' : ""} fill="#fff">${escapeHtml(text)}</text>`;

/**
 * How wide a line is drawn, in pixels: rendered alone by the same SVG renderer and font the
 * preview uses, and its inked columns read back, so the fit holds for whatever font the server
 * has. Infinity for a line wider than twice the picture.
 */
async function measure(text: string, style: TextStyle): Promise<number> {
  const canvas = OG_IMAGE_WIDTH * 2;
  const height = Math.ceil(style.size * 1.5);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${canvas}" height="${height}">${textSvg(text, style)}</svg>`;
  const { data, info } = await sharp(Buffer.from(svg)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  let right = 0;
  for (let y = 0; y < info.height; y++) {
    for (let x = info.width - 1; x > right; x--) {
      if (data[(y * info.width + x) * info.channels + 3] > 0) {
        right = x;
        break;
      }
    }
  }
  return right >= canvas - 1 ? Infinity : right + 1;
}

/** The longest start of `text` (whole words when it can) that fits with an ellipsis after it. */
async function ellipsized(text: string, style: TextStyle): Promise<string> {
  let low = 0;
  let high = text.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if ((await measure(text.slice(0, mid).trimEnd() + ELLIPSIS, style)) <= TEXT_WIDTH) low = mid;
    else high = mid - 1;
  }
  const cut = text.slice(0, low);
  const atWord = cut.lastIndexOf(" ");
  // Back to the last word's end unless that throws away most of the line.
  const kept = atWord > low * 0.6 ? cut.slice(0, atWord) : cut;
  return kept.trimEnd() + ELLIPSIS;
}

/** `text` as it fits one line: whole, or cut with an ellipsis. */
async function oneLine(text: string, style: TextStyle): Promise<string> {
  return (await measure(text, style)) <= TEXT_WIDTH ? text : ellipsized(text, style);
}

/** The longest run of whole words from the start that fits a line (at least one word's start). */
async function firstLine(words: string[], style: TextStyle): Promise<number> {
  let low = 1;
  let high = words.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if ((await measure(words.slice(0, mid).join(" "), style)) <= TEXT_WIDTH) low = mid;
    else high = mid - 1;
  }
  return low;
}

export interface OgLine {
  text: string;
  size: number;
  bold: boolean;
  /** Its baseline. */
  y: number;
  /** How wide it is drawn (measured), its left edge at OG_MARGIN. */
  width: number;
}

export interface OgLayout {
  /** The market status's badge while under contract ("UNDER CONTRACT"), on the band's top edge. */
  badge: { text: string; y: number; width: number } | null;
  /** The band's top. */
  bandTop: number;
  lines: OgLine[];
}

/**
 * Where the words go: the status and name ("For Sale: Riverside Plaza") on one line, shrinking
 * to fit; past the smallest size on two lines; past two, the second cut with an ellipsis. Then
 * the place on a line of its own, cut likewise. Every line is measured to fit 1104 pixels.
 */
export async function ogLayout(m: PageModel): Promise<OgLayout> {
  const title = `${m.content.headline}: ${m.content.name}`.replace(/\s+/g, " ").trim();
  let titleLines: { text: string; style: TextStyle }[] | null = null;
  for (const size of HEADLINE_SIZES) {
    const style = { size, bold: true };
    if ((await measure(title, style)) <= TEXT_WIDTH) {
      titleLines = [{ text: title, style }];
      break;
    }
  }
  if (!titleLines) {
    const style = { size: HEADLINE_SIZES[HEADLINE_SIZES.length - 1], bold: true };
    const words = title.split(" ");
    const n = await firstLine(words, style);
    const first = await oneLine(words.slice(0, n).join(" "), style);
    // A first word too long for a line is cut there; the rest follows on the second.
    const rest = first.endsWith(ELLIPSIS) ? title.slice(first.length - 1).trim() : words.slice(n).join(" ");
    titleLines = [{ text: first.endsWith(ELLIPSIS) ? first.slice(0, -1) : first, style }, { text: await oneLine(rest, style), style }];
  }
  const placeStyle = { size: PLACE_SIZE, bold: false };
  const place = m.content.addressLine ? await oneLine(m.content.addressLine, placeStyle) : "";
  // Baselines from the foot up: the place, then the headline's lines.
  const placeY = 590;
  const lineGap = (s: number) => Math.round(s * 1.2);
  const ys: number[] = [];
  let y = placeY - 60;
  for (let i = titleLines.length - 1; i >= 0; i--) {
    ys[i] = y;
    y -= lineGap(titleLines[i].style.size);
  }
  const bandTop = ys[0] - titleLines[0].style.size - 38;
  const lines: OgLine[] = [];
  for (const [i, line] of titleLines.entries()) lines.push({ text: line.text, ...line.style, y: ys[i], width: await measure(line.text, line.style) });
  if (place) lines.push({ text: place, ...placeStyle, y: placeY, width: await measure(place, placeStyle) });
  const { badge } = m.content.market;
  // Sized for the widest capitals (about 24px each at 32px), the words centred in it.
  const badgeBox = badge ? { text: badge.toUpperCase(), y: bandTop - 36, width: badge.length * 24 + 40 } : null;
  return { badge: badgeBox, bandTop, lines };
}

/** The words drawn over the picture, as SVG: the status badge, the status and name, the place. */
export async function caption(m: PageModel): Promise<Buffer> {
  const layout = await ogLayout(m);
  const { badge, bandTop } = layout;
  const status = badge
    ? `<rect x="${OG_MARGIN}" y="${badge.y}" width="${badge.width}" height="52" rx="6" fill="#b45309"/>
<text x="${OG_MARGIN + badge.width / 2}" y="${badge.y + 37}" text-anchor="middle" font-family="${FONT}" font-size="32" font-weight="700" fill="#fff">${escapeHtml(badge.text)}</text>
`
    : "";
  const words = layout.lines
    .map((l) => `<text x="${OG_MARGIN}" y="${l.y}" font-family="${FONT}" font-size="${l.size}"${l.bold ? ' font-weight="700"' : ""} fill="#fff">${escapeHtml(l.text)}</text>`)
    .join("\n");
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${OG_IMAGE_WIDTH}" height="${OG_IMAGE_HEIGHT}">
<rect x="0" y="${bandTop}" width="${OG_IMAGE_WIDTH}" height="${OG_IMAGE_HEIGHT - bandTop}" fill="#000" fill-opacity="0.6"/>
${status}${words}
</svg>`);
}

/**
 * The preview: the cover re-encoded as a JPEG with no metadata (sharp writes none without
 * `withMetadata()`), upright; a cover that does not decode gives the brand's colour alone, as no
 * cover does, so a link preview never fails.
 */
export async function ogImage(cover: Buffer | null, m: PageModel): Promise<Buffer> {
  const words = await caption(m);
  const withCaption = (base: Sharp) =>
    base
      .composite([{ input: words }])
      .jpeg({ quality: 80, mozjpeg: true })
      .toBuffer();
  if (cover) {
    const photo = sharp(cover, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: "none" }).rotate().resize(OG_IMAGE_WIDTH, OG_IMAGE_HEIGHT, { fit: "cover" });
    const made = await withCaption(photo).catch(() => null);
    if (made) return made;
  }
  const accent = ACCENT.test(m.brand.accentColor) ? m.brand.accentColor : "#1d4ed8";
  return withCaption(sharp({ create: { width: OG_IMAGE_WIDTH, height: OG_IMAGE_HEIGHT, channels: 3, background: accent } }));
}
