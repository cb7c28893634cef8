// The stamp on every PDF that leaves a buyer's room: the viewer's name, email, company, the listing
// and the UTC time, diagonal and light across each page and once more in its footer, drawn with
// pdf-lib over the stored original (docs/guides/deal-room.md, "The buyer's room").
import { degrees, PDFDocument, rgb, StandardFonts } from "pdf-lib";

export interface Stamp {
  name: string;
  email: string;
  company: string | null;
  listing: string;
  /** ISO time of the stamp (UTC). */
  at: string;
}

/**
 * The standard fonts encode WinAnsi only: typographic quotes and dashes become their plain forms
 * and any other character outside Latin-1 "?", rather than failing.
 */
const winAnsi = (text: string) =>
  text
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2013\u2014]/g, "-")
    .replace(/[^\x20-\x7e\xa0-\xff]/g, "?");

export function stampLines(s: Stamp): { diagonal: string; footer: string } {
  const who = [s.name, s.email, s.company].filter(Boolean).join(" · ");
  const when = `${s.at.slice(0, 16).replace("T", " ")} UTC`;
  return { diagonal: winAnsi(`${s.name} · ${s.email}`), footer: winAnsi(`Confidential - ${who} - ${s.listing} - ${when}`) };
}

/** The stamped copy of `original` (a PDF that opened when it was attached). */
export async function stampPdf(original: Uint8Array, stamp: Stamp): Promise<Uint8Array> {
  const doc = await PDFDocument.load(original, { updateMetadata: false });
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const { diagonal, footer } = stampLines(stamp);
  for (const page of doc.getPages()) {
    const { width, height } = page.getSize();
    // Diagonal from lower left to upper right, sized to span most of the page.
    const angle = Math.atan2(height, width);
    const span = Math.hypot(width, height) * 0.7;
    const size = Math.max(10, Math.min(48, span / Math.max(1, font.widthOfTextAtSize(diagonal, 1))));
    const textWidth = font.widthOfTextAtSize(diagonal, size);
    const cx = width / 2 - (Math.cos(angle) * textWidth) / 2 + (Math.sin(angle) * size) / 2;
    const cy = height / 2 - (Math.sin(angle) * textWidth) / 2 - (Math.cos(angle) * size) / 2;
    page.drawText(diagonal, { x: cx, y: cy, size, font, color: rgb(0.55, 0.55, 0.55), opacity: 0.18, rotate: degrees((angle * 180) / Math.PI) });
    const footSize = Math.max(5, Math.min(8, (width - 36) / Math.max(1, font.widthOfTextAtSize(footer, 1))));
    page.drawText(footer, { x: 18, y: 10, size: footSize, font, color: rgb(0.35, 0.35, 0.35), opacity: 0.8 });
  }
  return doc.save({ useObjectStreams: false });
}
