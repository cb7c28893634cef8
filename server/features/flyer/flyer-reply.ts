import type { Flyer } from "./service.js";

/** "Main St. Plaza (Retail)" → "Main-St-Plaza-Retail-flyer.pdf": letters, digits and dashes only, so any system saves it. */
export function flyerFileName(listingName: string): string {
  const slug = listingName
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/, "");
  return `${slug || "listing"}-flyer.pdf`;
}

/** The headers of a flyer's reply (a 304 when `pdf` is null), the same from the route and the early answer. */
export function flyerHeaders(flyer: Flyer): Record<string, string> {
  // Private: a flyer is behind sign-in. The browser keeps it and asks again each time (a 304 while unchanged).
  const validators = { "Cache-Control": "private, no-cache", ETag: flyer.etag };
  if (!flyer.pdf) return validators;
  return {
    ...validators,
    "Content-Type": "application/pdf",
    "Content-Disposition": `attachment; filename="${flyerFileName(flyer.listingName)}"`,
    "X-Content-Type-Options": "nosniff",
    // Said at once: express-session may hold the end back, and a PDF sent in chunks shows no download progress.
    "Content-Length": String(flyer.pdf.length),
  };
}
