// Lays an offering memorandum out with pdfkit, in the flyer's type and brand: each section from a
// new page, in the order given, with a bookmark and a named destination the contents page links
// to; tables carry on over as many pages as they need, their head repeated. Every page after the
// cover carries the version stamp and its number. Every text box has a height, so pdfkit never
// adds a page by itself: pages are added here only, and the page count follows from the data.
import type { FontkitFont } from "fontkit";
import PDFDocument from "pdfkit";
import { omSectionTitle, type OmSectionKey } from "../../../shared/om-sections.js";
// Only the type: the worker that runs this is handed its fonts, and loads none of the flyer's service.
import type { FlyerFont } from "../flyer/service.js";

export const OM_PAGE = { size: "LETTER", width: 612, height: 792 } as const;
const MARGIN = 48;
const CONTENT_WIDTH = OM_PAGE.width - 2 * MARGIN;
const FOOTER_Y = OM_PAGE.height - 30;
const BODY_BOTTOM = FOOTER_Y - 14;
const INK = "#1F2933";
const MUTED = "#52606D";
const RULE = "#D9DEE3";
const LETTERBOX = "#F1F3F5";
const ROW_HEIGHT = 18;
/** Photos per page in "Photos and Plans", one above the other. */
export const PHOTOS_PER_PAGE = 2;
/** Each photo's box on its page, in points (its image is prepared at twice this in pixels). */
export const OM_PHOTO_BOX = { width: CONTENT_WIDTH, height: 300 } as const;
export const OM_MAP_BOX = { width: CONTENT_WIDTH, height: 380 } as const;
export const OM_COVER_BOX = { width: OM_PAGE.width, height: 420 } as const;

export interface OmImage {
  bytes: Buffer;
  /** A plan or a map: fitted whole on a letterbox, never cropped. */
  whole: boolean;
  caption: string;
}

export interface OmTable {
  head: string[];
  /** Each column's share of the width; numbers align right when `right[i]`. */
  widths: number[];
  right: boolean[];
  rows: string[][];
  /** A last row in bold (the totals), or null. */
  total: string[] | null;
}

export type OmSection =
  | { key: "cover"; photo: OmImage | null }
  | { key: "confidentiality"; text: string }
  | { key: "contents" }
  | { key: "executive-summary"; rows: [string, string][]; asOf: string }
  | { key: "highlights"; items: string[] }
  | { key: "property-overview"; rows: [string, string][]; description: string }
  | { key: "photos"; photos: OmImage[] }
  | { key: "spaces"; table: OmTable }
  | { key: "tenants"; profiles: { name: string; lines: string[] }[] }
  | { key: "rent-roll"; table: OmTable }
  | { key: "lease-expirations"; bars: { year: number; sizeSf: number; label: string }[]; table: OmTable }
  | { key: "operating-statement"; table: OmTable }
  | { key: "location"; addressLine: string; map: Buffer | null }
  | { key: "team"; agents: { name: string; lines: string[] }[]; brokerage: string[]; logo: { bytes: Buffer; width: number; height: number } | null };

export interface OmContent {
  name: string;
  addressLine: string;
  headline: string;
  propertyKind: string | null;
  brokerageName: string;
  accent: string;
  /** "OM v3, 2026-12-02". */
  stamp: string;
  /** The version's time: the PDF's creation date, so that the same data makes the same bytes. */
  createdAt: Date;
  sections: OmSection[];
}

type Doc = PDFKit.PDFDocument;

interface TextOptions {
  font?: FlyerFont;
  size: number;
  color?: string;
  width: number;
  /** Most lines (then an ellipsis); one unless given. */
  lines?: number;
  align?: "left" | "right" | "center";
}

/** Writes text in a box of its lines' height and returns the height used. */
function write(doc: Doc, text: string, x: number, y: number, o: TextOptions): number {
  doc.font(o.font ?? "regular").fontSize(o.size);
  const room = doc.currentLineHeight(true) * (o.lines ?? 1) + 0.5;
  const used = Math.min(room, doc.heightOfString(text, { width: o.width }));
  doc.fillColor(o.color ?? INK).text(text, x, y, { width: o.width, height: room, ellipsis: true, align: o.align ?? "left", lineGap: 0 });
  return used;
}

const destination = (key: OmSectionKey) => `om-${key}`;

/** A new page with the section's heading (and "(continued)" on pages after its first); returns the y below it. */
function sectionPage(doc: Doc, content: OmContent, key: OmSectionKey, continued = false): number {
  doc.addPage();
  if (!continued) {
    doc.addNamedDestination(destination(key), "XYZ", 0, OM_PAGE.height, null);
    doc.outline.addItem(omSectionTitle(key));
  }
  doc.rect(0, 0, OM_PAGE.width, 8).fill(content.accent);
  let y = MARGIN;
  y += write(doc, `${omSectionTitle(key)}${continued ? " (continued)" : ""}`, MARGIN, y, { font: "bold", size: 20, width: CONTENT_WIDTH });
  doc.rect(MARGIN, y + 6, 48, 3).fill(content.accent);
  return y + 22;
}

/** Two columns of label and value, one row under another; returns the y below. */
function facts(doc: Doc, rows: [string, string][], y: number): number {
  for (const [label, value] of rows) {
    write(doc, label, MARGIN, y + 2, { size: 10, color: MUTED, width: CONTENT_WIDTH * 0.45 });
    write(doc, value, MARGIN + CONTENT_WIDTH * 0.45, y, { font: "semibold", size: 11, width: CONTENT_WIDTH * 0.55, align: "right" });
    y += ROW_HEIGHT + 4;
    doc.moveTo(MARGIN, y - 4).lineTo(MARGIN + CONTENT_WIDTH, y - 4).lineWidth(0.5).strokeColor(RULE).stroke();
  }
  return y;
}

/** A table from `y`, carried onto new pages of the section as it fills them. */
function table(doc: Doc, content: OmContent, key: OmSectionKey, t: OmTable, y: number): number {
  const xs: number[] = [];
  let x = MARGIN;
  for (const w of t.widths) {
    xs.push(x);
    x += w * CONTENT_WIDTH;
  }
  const cell = (text: string, i: number, top: number, font: FlyerFont, color = INK) =>
    write(doc, text, xs[i] + 2, top, { font, size: 8.5, color, width: t.widths[i] * CONTENT_WIDTH - 4, align: t.right[i] ? "right" : "left" });
  const head = (top: number) => {
    doc.rect(MARGIN, top - 3, CONTENT_WIDTH, ROW_HEIGHT).fill(LETTERBOX);
    t.head.forEach((h, i) => cell(h, i, top, "semibold", MUTED));
    return top + ROW_HEIGHT;
  };
  y = head(y);
  const rows = t.total ? [...t.rows, t.total] : t.rows;
  rows.forEach((row, r) => {
    if (y + ROW_HEIGHT > BODY_BOTTOM) y = head(sectionPage(doc, content, key, true));
    const bold = t.total !== null && r === rows.length - 1;
    row.forEach((text, i) => cell(text, i, y, bold ? "bold" : "regular"));
    y += ROW_HEIGHT;
    doc.moveTo(MARGIN, y - 4).lineTo(MARGIN + CONTENT_WIDTH, y - 4).lineWidth(0.4).strokeColor(RULE).stroke();
  });
  return y;
}

function drawImage(doc: Doc, image: OmImage, x: number, y: number, box: { width: number; height: number }): void {
  if (!image.whole) {
    doc.image(image.bytes, x, y, { width: box.width, height: box.height });
    return;
  }
  doc.rect(x, y, box.width, box.height).fill(LETTERBOX);
  doc.image(image.bytes, x, y, { fit: [box.width, box.height], align: "center", valign: "center" });
}

function cover(doc: Doc, content: OmContent, photo: OmImage | null): void {
  doc.addNamedDestination(destination("cover"), "XYZ", 0, OM_PAGE.height, null);
  doc.outline.addItem(omSectionTitle("cover"));
  if (photo) drawImage(doc, photo, 0, 0, OM_COVER_BOX);
  let y = (photo ? OM_COVER_BOX.height : 120) + 36;
  doc.rect(MARGIN, y, 64, 4).fill(content.accent);
  y += 18;
  y += write(doc, "OFFERING MEMORANDUM", MARGIN, y, { font: "bold", size: 12, color: content.accent, width: CONTENT_WIDTH }) + 8;
  y += write(doc, content.name, MARGIN, y, { font: "bold", size: 28, width: CONTENT_WIDTH, lines: 2 }) + 6;
  y += write(doc, content.addressLine, MARGIN, y, { size: 13, color: MUTED, width: CONTENT_WIDTH, lines: 2 }) + 6;
  write(doc, [content.headline, content.propertyKind].filter(Boolean).join(" · "), MARGIN, y, { font: "semibold", size: 12, width: CONTENT_WIDTH });
  if (content.brokerageName) write(doc, content.brokerageName, MARGIN, OM_PAGE.height - MARGIN - 40, { font: "bold", size: 14, width: CONTENT_WIDTH });
  write(doc, content.stamp, MARGIN, OM_PAGE.height - MARGIN - 18, { size: 9, color: MUTED, width: CONTENT_WIDTH });
}

/** Draws the expirations as vector bars, SF by year, each labelled with its SF and rent. */
function barChart(doc: Doc, content: OmContent, bars: { year: number; sizeSf: number; label: string }[], y: number): number {
  const height = 220;
  const most = Math.max(1, ...bars.map((b) => b.sizeSf));
  const slot = CONTENT_WIDTH / Math.max(bars.length, 1);
  const barWidth = Math.min(48, slot * 0.6);
  const base = y + height;
  doc.moveTo(MARGIN, base).lineTo(MARGIN + CONTENT_WIDTH, base).lineWidth(0.8).strokeColor(MUTED).stroke();
  bars.forEach((b, i) => {
    const h = (b.sizeSf / most) * (height - 30);
    const x = MARGIN + i * slot + (slot - barWidth) / 2;
    doc.rect(x, base - h, barWidth, h).fill(content.accent);
    write(doc, b.label, MARGIN + i * slot, base - h - 14, { size: 7, color: MUTED, width: slot, align: "center" });
    write(doc, String(b.year), MARGIN + i * slot, base + 4, { font: "semibold", size: 9, width: slot, align: "center" });
  });
  return base + 30;
}

function section(doc: Doc, content: OmContent, s: OmSection, contentsPage: { index: number | null }): void {
  if (s.key === "cover") return cover(doc, content, s.photo);
  let y = sectionPage(doc, content, s.key);
  switch (s.key) {
    case "confidentiality":
      doc.font("regular").fontSize(10.5).fillColor(INK).text(s.text, MARGIN, y, { width: CONTENT_WIDTH, height: BODY_BOTTOM - y, ellipsis: true, lineGap: 3 });
      return;
    case "contents":
      contentsPage.index = doc.bufferedPageRange().start + doc.bufferedPageRange().count - 1;
      return;
    case "executive-summary":
      y = facts(doc, s.rows, y);
      write(doc, `Rent roll figures as of ${s.asOf}.`, MARGIN, y + 6, { size: 8.5, color: MUTED, width: CONTENT_WIDTH });
      return;
    case "highlights":
      for (const item of s.items) {
        doc.circle(MARGIN + 4, y + 8, 2.5).fill(content.accent);
        y += write(doc, item, MARGIN + 16, y, { size: 12, width: CONTENT_WIDTH - 16, lines: 3 }) + 10;
      }
      return;
    case "property-overview":
      y = facts(doc, s.rows, y) + 10;
      if (s.description) doc.font("regular").fontSize(10).fillColor(INK).text(s.description, MARGIN, y, { width: CONTENT_WIDTH, height: BODY_BOTTOM - y, ellipsis: true, lineGap: 2 });
      return;
    case "photos":
      s.photos.forEach((photo, i) => {
        if (i > 0 && i % PHOTOS_PER_PAGE === 0) y = sectionPage(doc, content, s.key, true);
        drawImage(doc, photo, MARGIN, y, OM_PHOTO_BOX);
        y += OM_PHOTO_BOX.height + 4;
        y += (photo.caption ? write(doc, photo.caption, MARGIN, y, { size: 9, color: MUTED, width: CONTENT_WIDTH }) : 0) + 12;
      });
      return;
    case "spaces":
    case "rent-roll":
    case "operating-statement":
      table(doc, content, s.key, s.table, y);
      return;
    case "tenants":
      for (const profile of s.profiles) {
        const need = 20 + profile.lines.length * 14;
        if (y + need > BODY_BOTTOM) y = sectionPage(doc, content, s.key, true);
        y += write(doc, profile.name, MARGIN, y, { font: "bold", size: 12, width: CONTENT_WIDTH }) + 3;
        for (const line of profile.lines) y += write(doc, line, MARGIN + 10, y, { size: 9.5, color: MUTED, width: CONTENT_WIDTH - 10 }) + 1;
        y += 10;
      }
      return;
    case "lease-expirations":
      table(doc, content, s.key, s.table, barChart(doc, content, s.bars, y + 10));
      return;
    case "location":
      y += write(doc, s.addressLine, MARGIN, y, { font: "semibold", size: 12, width: CONTENT_WIDTH, lines: 2 }) + 10;
      if (s.map) doc.image(s.map, MARGIN, y, { width: OM_MAP_BOX.width, height: OM_MAP_BOX.height });
      return;
    case "team":
      for (const agent of s.agents) {
        y += write(doc, agent.name, MARGIN, y, { font: "bold", size: 13, width: CONTENT_WIDTH }) + 2;
        for (const line of agent.lines) y += write(doc, line, MARGIN, y, { size: 10, color: MUTED, width: CONTENT_WIDTH }) + 1;
        y += 14;
      }
      doc.rect(MARGIN, y, CONTENT_WIDTH, 1.5).fill(content.accent);
      y += 14;
      if (s.logo) {
        const scale = Math.min(120 / s.logo.width, 60 / s.logo.height);
        doc.image(s.logo.bytes, MARGIN, y, { width: s.logo.width * scale, height: s.logo.height * scale });
        y += s.logo.height * scale + 10;
      }
      s.brokerage.forEach((line, i) => {
        y += write(doc, line, MARGIN, y, i === 0 ? { font: "bold", size: 14, width: CONTENT_WIDTH } : { size: 10, color: MUTED, width: CONTENT_WIDTH, lines: 3 }) + 2;
      });
      return;
  }
}

/** The contents page, written last: each section with its first page's number, linked to it. */
function contents(doc: Doc, index: number, starts: { key: OmSectionKey; page: number }[]): void {
  doc.switchToPage(index);
  let y = MARGIN + 60;
  for (const { key, page } of starts) {
    if (key === "cover" || key === "contents") continue;
    write(doc, omSectionTitle(key), MARGIN, y, { size: 12, width: CONTENT_WIDTH - 60 });
    write(doc, String(page), MARGIN + CONTENT_WIDTH - 60, y, { font: "semibold", size: 12, width: 60, align: "right" });
    doc.goTo(MARGIN, y, CONTENT_WIDTH, 16, destination(key));
    y += 24;
  }
}

/**
 * The flyer's three weights: their bytes, or faces parsed once (fontkit) and reused by every
 * render, since parsing Inter's tables anew for each document was most of a render's time.
 */
export type OmFonts = Record<FlyerFont, Buffer | FontkitFont>;

/** Renders the OM; resolves to the PDF's bytes, the same bytes for the same content. */
export function renderOm(content: OmContent, fonts: OmFonts): Promise<Buffer> {
  const doc = new PDFDocument({
    size: OM_PAGE.size,
    margin: 0,
    // pdfkit takes font bytes here, though its types say a name (as the flyer does).
    font: fonts.regular as unknown as string,
    bufferPages: true,
    autoFirstPage: false,
    info: { Title: `${content.name}: Offering Memorandum`, Subject: content.stamp, CreationDate: content.createdAt, ...(content.brokerageName && { Author: content.brokerageName }) },
    displayTitle: true,
  });
  for (const [name, face] of Object.entries(fonts)) doc.registerFont(name, face as unknown as string);
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const contentsPage: { index: number | null } = { index: null };
  const starts: { key: OmSectionKey; page: number }[] = [];
  for (const s of content.sections) {
    if (s.key === "cover") doc.addPage();
    const before = doc.bufferedPageRange().count;
    section(doc, content, s, contentsPage);
    starts.push({ key: s.key, page: s.key === "cover" ? 1 : before + 1 });
  }
  if (contentsPage.index !== null) contents(doc, contentsPage.index, starts);

  const { count } = doc.bufferedPageRange();
  for (let i = 1; i < count; i += 1) {
    doc.switchToPage(i);
    write(doc, `${content.name} · ${content.stamp}`, MARGIN, FOOTER_Y, { size: 8, color: MUTED, width: CONTENT_WIDTH * 0.7 });
    write(doc, `Page ${i + 1} of ${count}`, MARGIN + CONTENT_WIDTH * 0.7, FOOTER_Y, { size: 8, color: MUTED, width: CONTENT_WIDTH * 0.3, align: "right" });
  }
  doc.end();
  return done;
}
