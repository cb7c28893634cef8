// Lays a flyer out on one page with pdfkit: a band
// with the headline, the name and address, the cover photo across the page over a third of it, up
// to three more photos, highlights and the overview beside the facts, then the agent and the
// brokerage, and the disclaimer. Every text box has a height: long text shrinks or ends in an
// ellipsis, and nothing ever flows onto a second page.
import PDFDocument from "pdfkit";
import { marketStatusLine } from "../../../shared/market-status.js";
import type { FlyerContent } from "./flyer-content.js";
import { flyerFonts, type FlyerFont } from "./flyer-fonts.js";

export const PAPERS = {
  letter: { size: "LETTER", width: 612, height: 792 },
  a4: { size: "A4", width: 595.28, height: 841.89 },
} as const;
export type Paper = keyof typeof PAPERS;

const MARGIN = 36;
const BAND_HEIGHT = 54;
const GAP = 8;
const THUMB_HEIGHT = 82;
const FOOTER_HEIGHT = 74;
const DISCLAIMER_HEIGHT = 22;
const INK = "#1F2933";
const MUTED = "#52606D";
const AGENT_NAME_SIZE = 11;
// The brokerage's name is never smaller than the agent's (advertising rules: the brokerage first).
const BROKERAGE_NAME_SIZE = 13;
/** The logo's largest size on the page, in points. */
export const LOGO_MAX = { width: 80, height: 44 };
/** Extra photos beside the cover: four in all. */
export const MAX_FLYER_PHOTOS = 4;
// Pixels per point the photos are prepared at (about 150 dpi): sharp on paper, small in bytes.
export const PIXELS_PER_POINT = 2;

/** Where the photos go on a page of this paper: the sizes the images are prepared at. */
export function photoBoxes(paper: Paper, extraPhotos: number): { cover: Box; thumbs: Box[] } {
  const { width, height } = PAPERS[paper];
  // The full width, a third of the page's height and a little more.
  const cover = { x: 0, y: 0, width, height: Math.ceil(height / 3) + 2 };
  const n = Math.min(extraPhotos, MAX_FLYER_PHOTOS - 1);
  const thumbWidth = (width - 2 * MARGIN - GAP * 2) / 3;
  const thumbs = Array.from({ length: n }, (_, i) => ({ x: MARGIN + i * (thumbWidth + GAP), y: 0, width: thumbWidth, height: THUMB_HEIGHT }));
  return { cover, thumbs };
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface FlyerImages {
  /** JPEG bytes cropped to the boxes of photoBoxes(), cover first; may be empty. */
  photos: Buffer[];
  /** PNG or JPEG bytes of the logo, with its pixel size; null without one. */
  logo: { bytes: Buffer; width: number; height: number } | null;
  /** A PNG map of the listing's place at MAP_BOX's shape, under the facts when there is room; null without one. */
  map?: Buffer | null;
}

/** The map's box in the facts column, in points (its image is made at twice this in pixels). */
export const MAP_BOX = { width: 190, height: 95 } as const;

type Doc = PDFKit.PDFDocument;

interface TextOptions {
  font?: FlyerFont;
  size: number;
  color?: string;
  width: number;
  height?: number;
  align?: "left" | "right" | "center";
}

function write(doc: Doc, text: string, x: number, y: number, o: TextOptions): number {
  doc.font(o.font ?? "regular").fontSize(o.size).fillColor(o.color ?? INK);
  const height = o.height ?? doc.currentLineHeight(true) + 0.5;
  const used = Math.min(doc.heightOfString(text, { width: o.width }), height);
  doc.text(text, x, y, { width: o.width, height, ellipsis: true, align: o.align ?? "left", lineGap: 0 });
  return used;
}

/** The largest size from `max` down to `min` at which `text` takes at most `lines` lines; `min` otherwise (then cut). */
function fittingSize(doc: Doc, text: string, font: FlyerFont, width: number, lines: number, max: number, min: number): number {
  for (let size = max; size > min; size -= 1) {
    doc.font(font).fontSize(size);
    if (doc.heightOfString(text, { width }) <= doc.currentLineHeight(true) * lines + 0.5) return size;
  }
  return min;
}

const lineHeight = (doc: Doc, font: FlyerFont, size: number) => doc.font(font).fontSize(size).currentLineHeight(true);

/** Renders the flyer; resolves to the PDF's bytes. Synchronous work is bounded by the content's own caps. */
export function renderFlyer(content: FlyerContent, images: FlyerImages, paper: Paper): Promise<Buffer> {
  const page = PAPERS[paper];
  const fonts = flyerFonts();
  const doc = new PDFDocument({
    size: page.size,
    margin: 0,
    // Starting in Inter keeps pdfkit from loading Helvetica, which a PDF reader would have to
    // substitute; pdfkit takes font bytes here, though its types say a name.
    font: fonts.regular as unknown as string,
    bufferPages: true,
    // pdfkit reads every info value: no undefined ones.
    info: { Title: content.name, Subject: content.headline, ...(content.brand.brokerageName && { Author: content.brand.brokerageName }) },
    displayTitle: true,
  });
  for (const [name, bytes] of Object.entries(fonts)) doc.registerFont(name, bytes);
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const accent = content.brand.accentColor;
  const contentWidth = page.width - 2 * MARGIN;

  // The band: the market status ("FOR SALE · UNDER CONTRACT"), and the kind of property on the right.
  doc.rect(0, 0, page.width, BAND_HEIGHT).fill(accent);
  const kindWidth = content.propertyKind ? contentWidth * 0.45 : 0;
  const status = marketStatusLine(content.market).toUpperCase();
  const statusSize = fittingSize(doc, status, "bold", contentWidth - kindWidth, 1, 22, 13);
  write(doc, status, MARGIN, BAND_HEIGHT / 2 - statusSize * 0.6, { font: "bold", size: statusSize, color: "#FFFFFF", width: contentWidth - kindWidth });
  if (content.propertyKind) {
    write(doc, content.propertyKind, MARGIN + contentWidth - kindWidth, BAND_HEIGHT / 2 - 7, {
      font: "semibold",
      size: 11,
      color: "#FFFFFF",
      width: kindWidth,
      align: "right",
    });
  }

  // The name (shrunk to two lines, then cut) and the address.
  let y = BAND_HEIGHT + 12;
  const nameSize = fittingSize(doc, content.name, "bold", contentWidth, 2, 22, 14);
  y += write(doc, content.name, MARGIN, y, { font: "bold", size: nameSize, width: contentWidth, height: lineHeight(doc, "bold", nameSize) * 2 + 0.5 });
  y += 2;
  y += write(doc, content.addressLine, MARGIN, y, { size: 10.5, color: MUTED, width: contentWidth });
  y += GAP;

  // The photos: the cover across the page, then up to three in a row.
  const boxes = photoBoxes(paper, images.photos.length - 1);
  const [cover, ...others] = images.photos;
  if (cover) {
    doc.image(cover, boxes.cover.x, y, { width: boxes.cover.width, height: boxes.cover.height });
    y += boxes.cover.height + GAP;
    boxes.thumbs.forEach((box, i) => doc.image(others[i], box.x, y, { width: box.width, height: box.height }));
    if (boxes.thumbs.length > 0) y += THUMB_HEIGHT + GAP;
  }
  y += 4;

  const footerTop = page.height - MARGIN / 2 - DISCLAIMER_HEIGHT - FOOTER_HEIGHT;
  const bodyBottom = footerTop - GAP;

  // Right column: the facts.
  const factsWidth = MAP_BOX.width;
  const factsX = MARGIN + contentWidth - factsWidth;
  let factsY = y;
  if (content.facts.length > 0) {
    const rowHeight = Math.max(12, Math.min(17, (bodyBottom - y - 18) / content.facts.length));
    factsY += write(doc, "PROPERTY FACTS", factsX, factsY, { font: "bold", size: 9, color: accent, width: factsWidth }) + 4;
    for (const fact of content.facts) {
      if (factsY + rowHeight > bodyBottom) break;
      write(doc, fact.label, factsX, factsY + 1, { size: 8, color: MUTED, width: factsWidth * 0.42 });
      write(doc, fact.value, factsX + factsWidth * 0.42, factsY, { font: "semibold", size: 9, width: factsWidth * 0.58, align: "right" });
      factsY += rowHeight;
      doc.moveTo(factsX, factsY - 2).lineTo(factsX + factsWidth, factsY - 2).lineWidth(0.4).strokeColor("#D9DEE3").stroke();
    }
  }

  // Under the facts, where the place is, when it fits.
  if (images.map && bodyBottom - factsY >= MAP_BOX.height + 10) {
    doc.image(images.map, factsX, factsY + 8, { width: MAP_BOX.width, height: MAP_BOX.height });
  }

  // Left column: highlights, then the overview in what room is left.
  const leftWidth = contentWidth - factsWidth - 18;
  let leftY = y;
  if (content.highlights.length > 0) {
    leftY += write(doc, "HIGHLIGHTS", MARGIN, leftY, { font: "bold", size: 9, color: accent, width: leftWidth }) + 4;
    const bulletLine = lineHeight(doc, "regular", 9.5);
    for (const highlight of content.highlights) {
      if (leftY + bulletLine > bodyBottom) break;
      doc.circle(MARGIN + 3, leftY + bulletLine / 2, 1.8).fill(accent);
      const room = Math.min(bulletLine * 2 + 0.5, bodyBottom - leftY);
      leftY += write(doc, highlight, MARGIN + 11, leftY, { size: 9.5, width: leftWidth - 11, height: room }) + 2;
    }
    leftY += 6;
  }
  const overviewLine = lineHeight(doc, "regular", 8.5);
  if (bodyBottom - leftY >= 14 + overviewLine * 2) {
    leftY += write(doc, "OVERVIEW", MARGIN, leftY, { font: "bold", size: 9, color: accent, width: leftWidth }) + 3;
    const room = Math.floor((bodyBottom - leftY) / overviewLine) * overviewLine + 0.5;
    write(doc, content.description, MARGIN, leftY, { size: 8.5, color: INK, width: leftWidth, height: room });
  }

  // Footer: the agent on the left, the brokerage (with more room) on the right, the disclaimer beneath.
  doc.rect(0, footerTop, page.width, 2).fill(accent);
  let contactY = footerTop + 12;
  const agentWidth = contentWidth * 0.38;
  if (content.agent) {
    contactY += write(doc, content.agent.name, MARGIN, contactY, { font: "bold", size: AGENT_NAME_SIZE, width: agentWidth });
    for (const line of [content.agent.phone, content.agent.email]) {
      if (line) contactY += write(doc, line, MARGIN, contactY, { size: 9, color: MUTED, width: agentWidth });
    }
  }
  const brandX = MARGIN + agentWidth + 12;
  let brandTextX = brandX;
  if (images.logo) {
    const scale = Math.min(LOGO_MAX.width / images.logo.width, LOGO_MAX.height / images.logo.height);
    const w = images.logo.width * scale;
    doc.image(images.logo.bytes, brandX, footerTop + 12, { width: w, height: images.logo.height * scale });
    brandTextX = brandX + w + 10;
  }
  const brandWidth = MARGIN + contentWidth - brandTextX;
  let brandY = footerTop + 10;
  const b = content.brand;
  if (b.brokerageName) brandY += write(doc, b.brokerageName, brandTextX, brandY, { font: "bold", size: BROKERAGE_NAME_SIZE, width: brandWidth });
  const brandLines = [b.phone, b.email, b.website, [b.address, b.licenseNumber && `License ${b.licenseNumber}`].filter(Boolean).join("  ·  ")];
  for (const line of brandLines) {
    if (line && brandY < footerTop + FOOTER_HEIGHT - 8) brandY += write(doc, line, brandTextX, brandY, { size: 8.5, color: MUTED, width: brandWidth });
  }
  write(doc, b.disclaimer, MARGIN, page.height - MARGIN / 2 - DISCLAIMER_HEIGHT, {
    size: 7,
    color: MUTED,
    width: contentWidth,
    height: DISCLAIMER_HEIGHT,
  });

  if (doc.bufferedPageRange().count !== 1) throw new Error("The flyer ran onto a second page");
  doc.end();
  return done;
}
