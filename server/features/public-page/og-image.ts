// The page's link preview: a 1200x630 JPEG of the
// cover photo with the headline across its foot, well under the 1 MB LinkedIn, Facebook and X
// accept; the brand's colour alone when there is no confirmed photo.
import sharp, { type Sharp } from "sharp";
import { clip, escapeHtml } from "../../http/html-text.js";
import { MAX_IMAGE_PIXELS } from "../../integrations/storage/image-types.js";
import type { PageModel } from "./page-model.js";
import { OG_IMAGE_HEIGHT, OG_IMAGE_WIDTH } from "./render-page.js";

const ACCENT = /^#[0-9a-fA-F]{6}$/;

/** The words drawn over the picture, as SVG: the status ("Sold: …", the under-contract badge), name and place. */
export function caption(m: PageModel): Buffer {
  const headline = escapeHtml(clip(`${m.content.headline}: ${m.content.name}`, 48));
  const place = escapeHtml(clip(m.content.addressLine, 70));
  const { badge } = m.content.market;
  // Under contract: the badge above the headline, on the band's top edge.
  // Sized for the widest capitals (about 24px each at 32px), the words centred in it.
  const badgeWidth = badge ? badge.length * 24 + 40 : 0;
  const status = badge
    ? `<rect x="48" y="404" width="${badgeWidth}" height="52" rx="6" fill="#b45309"/>
<text x="${48 + badgeWidth / 2}" y="441" text-anchor="middle" font-family="Inter, DejaVu Sans, sans-serif" font-size="32" font-weight="700" fill="#fff">${escapeHtml(badge.toUpperCase())}</text>
`
    : "";
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${OG_IMAGE_WIDTH}" height="${OG_IMAGE_HEIGHT}">
<rect x="0" y="440" width="${OG_IMAGE_WIDTH}" height="190" fill="#000" fill-opacity="0.6"/>
${status}<text x="48" y="530" font-family="Inter, DejaVu Sans, sans-serif" font-size="52" font-weight="700" fill="#fff">${headline}</text>
<text x="48" y="590" font-family="Inter, DejaVu Sans, sans-serif" font-size="32" fill="#fff">${place}</text>
</svg>`);
}

/**
 * The preview: the cover re-encoded as a JPEG with no metadata (sharp writes none without
 * `withMetadata()`), upright; a cover that does not decode gives the brand's colour alone, as no
 * cover does, so a link preview never fails.
 */
export async function ogImage(cover: Buffer | null, m: PageModel): Promise<Buffer> {
  const withCaption = (base: Sharp) =>
    base
      .composite([{ input: caption(m) }])
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
