// Renders the installable app's icons (client/public/icons/) from the brand mark, the same
// house on the brand colour as client/public/favicon.svg. Run it again only when the mark changes:
//   node scripts/make-app-icons.mjs
import path from "node:path";
import sharp from "sharp";

const out = path.join(import.meta.dirname, "..", "client", "public", "icons");
const BRAND = "#4f46e5";
const HOUSE = "M9 23V12.5L16 8l7 4.5V23h-4.5v-5.5h-5V23z";

// "any": the rounded tile of the favicon. "maskable": a full-bleed square whose house sits in the
// middle 60%, inside the circle every launcher's mask keeps.
const any = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="${BRAND}"/><path d="${HOUSE}" fill="#fff"/></svg>`;
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${BRAND}"/><g transform="translate(16 15.5) scale(0.72) translate(-16 -15.5)"><path d="${HOUSE}" fill="#fff"/></g></svg>`;

const icons = [
  { file: "icon-192.png", svg: any, size: 192 },
  { file: "icon-512.png", svg: any, size: 512 },
  { file: "maskable-512.png", svg: maskable, size: 512 },
  { file: "apple-touch-icon.png", svg: maskable, size: 180 },
];
for (const { file, svg, size } of icons) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 32 }).resize(size, size).png({ compressionLevel: 9 }).toFile(path.join(out, file));
}
console.log(`wrote ${icons.length} icons to ${out}`);
