// Lays a flyer out on one page with pdfkit: a band
// with the market status, the name and address, the cover photo across the page over a third of
// it, up to three more with their captions, highlights and the overview beside the facts, then the
// agent, the brokerage and the public page's QR code, and the disclaimer. Every text box has a
// height: long text shrinks, wraps to a few lines or ends in an ellipsis; the footer grows to hold
// the brokerage's lines whole and the body gives way, so nothing ever flows onto a second page.
import PDFDocument from "pdfkit";
import QRCode from "qrcode";
import { marketStatusLine } from "../../../shared/market-status.js";
import type { FlyerContent, FlyerSpaceRow, FlyerSpaces } from "./flyer-content.js";
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
// The footer's least height; it grows with the agent's and brokerage's wrapped lines.
const FOOTER_MIN_HEIGHT = 74;
const FOOTER_PAD = { top: 10, bottom: 8 };
// A thumbnail's caption: one line under it.
const CAPTION_SIZE = 7.5;
// The public page's QR code: about 22 mm, its modules near 0.7 mm, which a phone reads at arm's
// length; its column holds the short address beneath it.
const QR_SIZE = 62;
const QR_COLUMN = 100;
// Keeps text out of the code's quiet zone (about three modules).
const QR_TEXT_GAP = 6;
// Behind a plan fitted whole: the letterbox, a shade off the page so the box still reads as one.
const LETTERBOX = "#F1F3F5";
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

export interface FlyerImage {
  /** JPEG bytes made for its box of photoBoxes(): cropped to it, or fitted inside it when `whole`. */
  bytes: Buffer;
  /** A plan or map: drawn uncut, centred and letterboxed in its box. */
  whole: boolean;
  /** Printed under a thumbnail on one line; "" for none. */
  caption: string;
}

export interface FlyerImages {
  /** Cover first; may be empty. */
  photos: FlyerImage[];
  /** PNG or JPEG bytes of the logo, with its pixel size; null without one. */
  logo: { bytes: Buffer; width: number; height: number } | null;
  /** A PNG map of the listing's place at MAP_BOX's shape, under the facts when there is room; null without one. */
  map?: Buffer | null;
}

// The spaces table: its type size, row height, and each column's share of the left column.
const SPACES_SIZE = 8;
const SPACES_ROW = 11.5;
const SPACES_COLUMNS: [keyof FlyerSpaceRow, string, number][] = [
  ["suite", "Suite", 0.22],
  ["size", "Size", 0.18],
  ["rate", "Rate", 0.24],
  ["leaseType", "Type", 0.18],
  ["available", "Available", 0.18],
];
/** The spaces table takes at most this share of the left column's room; past it the range line stands for it. */
export const SPACES_TABLE_SHARE = 0.6;

/** The map's box in the facts column, in points (its image is made at twice this in pixels). */
export const MAP_BOX = { width: 190, height: 95 } as const;

type Doc = PDFKit.PDFDocument;

interface TextOptions {
  font?: FlyerFont;
  size: number;
  color?: string;
  width: number;
  height?: number;
  /** Wraps to at most this many lines (then an ellipsis); one unless `height` is given. */
  lines?: number;
  align?: "left" | "right" | "center";
}

/** The room a text box has: `o.height`, or `o.lines` lines (one by default) of its font. */
function room(doc: Doc, o: TextOptions): number {
  doc.font(o.font ?? "regular").fontSize(o.size);
  return o.height ?? doc.currentLineHeight(true) * (o.lines ?? 1) + 0.5;
}

/** The height `write` takes for this text: its wrapped lines, within its room. */
const measure = (doc: Doc, text: string, o: TextOptions) => Math.min(room(doc, o), doc.heightOfString(text, { width: o.width }));

function write(doc: Doc, text: string, x: number, y: number, o: TextOptions): number {
  const used = measure(doc, text, o);
  doc.fillColor(o.color ?? INK).text(text, x, y, { width: o.width, height: room(doc, o), ellipsis: true, align: o.align ?? "left", lineGap: 0 });
  return used;
}

/**
 * The text with its lines broken at spaces only: pdfkit would also break after a hyphen, and a
 * license number split at "OH-" reads as two numbers (a word wider than the line still breaks).
 */
function brokenAtSpaces(doc: Doc, text: string, o: TextOptions): string {
  doc.font(o.font ?? "regular").fontSize(o.size);
  const lines: string[] = [];
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const last = lines.length - 1;
    // A point to spare: pdfkit's own wrapper measures word by word and would break a line that fits exactly.
    if (last >= 0 && doc.widthOfString(`${lines[last]} ${word}`) <= o.width - 1) lines[last] = `${lines[last]} ${word}`;
    else lines.push(word);
  }
  return lines.join("\n");
}

/** A column of text blocks, one under another: how tall it is, and drawing it. */
type Block = { text: string } & TextOptions;
/** A footer block: its text broken at spaces for its width. */
const block = (doc: Doc, text: string, o: TextOptions): Block => ({ ...o, text: brokenAtSpaces(doc, text, o) });
const blocksHeight = (doc: Doc, blocks: Block[]) => blocks.reduce((sum, b) => sum + measure(doc, b.text, b), 0);
function writeBlocks(doc: Doc, blocks: Block[], x: number, y: number): void {
  for (const b of blocks) y += write(doc, b.text, x, y, b);
}

/** Draws a QR code of `text` as vector squares (crisp at any zoom or printer), `size` points wide. */
function drawQrCode(doc: Doc, text: string, x: number, y: number, size: number): void {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
  const n = modules.size;
  const cell = size / n;
  // One rectangle per run of dark modules in a row, filled as one path.
  for (let row = 0; row < n; row += 1) {
    for (let col = 0; col < n; col += 1) {
      if (!modules.get(row, col)) continue;
      let end = col;
      while (end + 1 < n && modules.get(row, end + 1)) end += 1;
      // A hair wider and taller, so that no renderer's antialiasing leaves a seam between squares.
      doc.rect(x + col * cell, y + row * cell, (end - col + 1) * cell + 0.05, cell + 0.05);
      col = end;
    }
  }
  doc.fill(INK);
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

/** A photo in its box: cropped to fill it, or a plan fitted whole, centred on a letterbox. */
function drawPhoto(doc: Doc, photo: FlyerImage, box: Box): void {
  if (!photo.whole) {
    doc.image(photo.bytes, box.x, box.y, { width: box.width, height: box.height });
    return;
  }
  doc.rect(box.x, box.y, box.width, box.height).fill(LETTERBOX);
  doc.image(photo.bytes, box.x, box.y, { fit: [box.width, box.height], align: "center", valign: "center" });
}

/**
 * The footer's three columns as text blocks, and the height that holds the tallest: the agent,
 * the brokerage (beside its logo) and, while the listing's page is served, its QR code over the
 * short address. Every line wraps (a license number like "WV-0012345678 / OH-BRK.2019004567"
 * prints whole); each has a most lines, past which it ends in an ellipsis.
 */
function footerColumns(doc: Doc, content: FlyerContent, images: FlyerImages, contentWidth: number) {
  const qrColumn = content.page ? QR_COLUMN + 12 : 0;
  const agentWidth = content.page ? contentWidth * 0.25 : contentWidth * 0.38;
  const agent: Block[] = [];
  if (content.agent) {
    agent.push(block(doc, content.agent.name, { font: "bold", size: AGENT_NAME_SIZE, width: agentWidth, lines: 2 }));
    for (const line of [content.agent.phone, content.agent.email]) {
      if (line) agent.push(block(doc, line, { size: 9, color: MUTED, width: agentWidth, lines: 2 }));
    }
  }
  const brandX = MARGIN + agentWidth + 12;
  const logo = images.logo ? scaled(images.logo) : { width: 0, height: 0 };
  const brandTextX = images.logo ? brandX + logo.width + 10 : brandX;
  const brandWidth = MARGIN + contentWidth - qrColumn - brandTextX;
  const b = content.brand;
  const brand: Block[] = [];
  if (b.brokerageName) brand.push(block(doc, b.brokerageName, { font: "bold", size: BROKERAGE_NAME_SIZE, width: brandWidth, lines: 2 }));
  const lines: [string, number][] = [
    [b.phone, 1],
    [b.email ?? "", 2],
    [b.website, 2],
    [b.address, 4],
    // Advertising rules want the license whole: five lines hold its 100 characters in the narrowest column.
    [b.licenseNumber && `License ${b.licenseNumber}`, 5],
  ];
  for (const [text, most] of lines) {
    if (text) brand.push(block(doc, text, { size: 8.5, color: MUTED, width: brandWidth, lines: most }));
  }
  const page: Block[] = [];
  if (content.page) {
    // The host, then the path: each on one line when it fits, smaller before it wraps.
    const slash = content.page.short.indexOf("/");
    for (const part of slash > 0 ? [content.page.short.slice(0, slash), content.page.short.slice(slash)] : [content.page.short]) {
      page.push({ text: part, size: fittingSize(doc, part, "regular", QR_COLUMN, 1, 7.5, 5.5), color: MUTED, width: QR_COLUMN, lines: 2, align: "center" });
    }
  }
  const tallest = Math.max(
    blocksHeight(doc, agent) + 2,
    Math.max(logo.height + 2, blocksHeight(doc, brand)),
    content.page ? 2 + QR_SIZE + QR_TEXT_GAP + blocksHeight(doc, page) : 0,
  );
  return { agent, brand, page, brandX, brandTextX, logo, height: Math.max(FOOTER_MIN_HEIGHT, FOOTER_PAD.top + tallest + FOOTER_PAD.bottom) };
}

/** The logo's size on the page: its pixels fitted inside LOGO_MAX. */
function scaled(logo: { width: number; height: number }): { width: number; height: number } {
  const scale = Math.min(LOGO_MAX.width / logo.width, LOGO_MAX.height / logo.height);
  return { width: logo.width * scale, height: logo.height * scale };
}

/**
 * The available spaces at the top of the left column: a table of them when it fits in its share
 * of the room (highlights and the overview keep the rest), else the range they make on one line.
 * Answers where the column goes on.
 */
function drawSpaces(doc: Doc, spaces: FlyerSpaces, x: number, y: number, width: number, bottom: number, accent: string): number {
  const heading = y;
  y += write(doc, "AVAILABLE SPACES", x, y, { font: "bold", size: 9, color: accent, width }) + 4;
  const table = SPACES_ROW * (spaces.rows.length + 1);
  if (table > (bottom - heading) * SPACES_TABLE_SHARE) {
    return y + write(doc, spaces.range, x, y, { font: "semibold", size: 9.5, width, lines: 2 }) + 8;
  }
  const row = (cells: (column: keyof FlyerSpaceRow) => string, font: FlyerFont, color: string) => {
    let cx = x;
    for (const [column, , share] of SPACES_COLUMNS) {
      write(doc, cells(column), cx, y, { font, size: SPACES_SIZE, color, width: width * share - 4 });
      cx += width * share;
    }
    y += SPACES_ROW;
  };
  row((column) => SPACES_COLUMNS.find(([c]) => c === column)![1], "semibold", MUTED);
  for (const space of spaces.rows) {
    doc.moveTo(x, y - 2).lineTo(x + width, y - 2).lineWidth(0.4).strokeColor("#D9DEE3").stroke();
    row((column) => space[column], "regular", INK);
  }
  return y + 6;
}

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

  // The photos: the cover across the page, then up to three in a row with their captions.
  const boxes = photoBoxes(paper, images.photos.length - 1);
  const [cover, ...others] = images.photos;
  if (cover) {
    drawPhoto(doc, cover, { ...boxes.cover, y });
    y += boxes.cover.height + GAP;
    boxes.thumbs.forEach((box, i) => drawPhoto(doc, others[i], { ...box, y }));
    if (boxes.thumbs.length > 0) y += THUMB_HEIGHT + GAP;
    const captioned = boxes.thumbs.some((_, i) => others[i].caption);
    boxes.thumbs.forEach((box, i) => {
      if (others[i].caption) write(doc, others[i].caption, box.x, y - GAP + 2, { size: CAPTION_SIZE, color: MUTED, width: box.width });
    });
    if (captioned) y += lineHeight(doc, "regular", CAPTION_SIZE) + 2;
  }
  y += 4;

  const footer = footerColumns(doc, content, images, contentWidth);
  const footerTop = page.height - MARGIN / 2 - DISCLAIMER_HEIGHT - footer.height;
  const bodyBottom = footerTop - GAP;

  // Right column: the facts.
  const factsWidth = MAP_BOX.width;
  const factsX = MARGIN + contentWidth - factsWidth;
  let factsY = y;
  if (content.facts.length > 0) {
    const rowHeight = Math.max(12, Math.min(17, (bodyBottom - y - 18) / content.facts.length));
    factsY += write(doc, "PROPERTY FACTS", factsX, factsY, { font: "bold", size: 9, color: accent, width: factsWidth }) + 4;
    const valueWidth = factsWidth * 0.58;
    for (const fact of content.facts) {
      // A long value (a spaces' range with its lease type) shrinks a little, then takes a second line.
      const size = fittingSize(doc, fact.value, "semibold", valueWidth, 1, 9, 7.5);
      doc.font("semibold").fontSize(size);
      const lines = doc.heightOfString(fact.value, { width: valueWidth }) > doc.currentLineHeight(true) + 0.5 ? 2 : 1;
      const height = rowHeight + (lines - 1) * lineHeight(doc, "semibold", size);
      if (factsY + height > bodyBottom) break;
      write(doc, fact.label, factsX, factsY + 1, { size: 8, color: MUTED, width: factsWidth * 0.42 });
      write(doc, fact.value, factsX + factsWidth * 0.42, factsY, { font: "semibold", size, width: valueWidth, align: "right", lines });
      factsY += height;
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
  if (content.spaces) leftY = drawSpaces(doc, content.spaces, MARGIN, leftY, leftWidth, bodyBottom, accent);
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

  // Footer: the agent on the left, the brokerage (with more room) in the middle, the page's QR code
  // on the right; the disclaimer beneath.
  doc.rect(0, footerTop, page.width, 2).fill(accent);
  const top = footerTop + FOOTER_PAD.top;
  writeBlocks(doc, footer.agent, MARGIN, top + 2);
  if (images.logo) doc.image(images.logo.bytes, footer.brandX, top + 2, { width: footer.logo.width, height: footer.logo.height });
  writeBlocks(doc, footer.brand, footer.brandTextX, top);
  if (content.page) {
    const qrX = MARGIN + contentWidth - QR_COLUMN / 2 - QR_SIZE / 2;
    drawQrCode(doc, content.page.url, qrX, top + 2, QR_SIZE);
    writeBlocks(doc, footer.page, MARGIN + contentWidth - QR_COLUMN, top + 2 + QR_SIZE + QR_TEXT_GAP);
  }
  const b = content.brand;
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
