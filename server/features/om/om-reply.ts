import { flyerFileName } from "../flyer/service.js";
import type { Om } from "./service.js";

/** "Main St. Plaza" → "Main-St-Plaza-OM.pdf", as the flyer's file name. */
export const omFileName = (listingName: string) => flyerFileName(listingName).replace(/-flyer\.pdf$/, "-OM.pdf");

/** The headers of an OM's reply (a 304 when `pdf` is null), the same from the route and the early answer, as the flyer's. */
export function omHeaders(om: Om): Record<string, string> {
  const validators = { "Cache-Control": "private, no-cache", ETag: om.etag };
  if (!om.pdf) return validators;
  return {
    ...validators,
    "Content-Type": "application/pdf",
    "Content-Disposition": `attachment; filename="${omFileName(om.listingName)}"`,
    "X-Content-Type-Options": "nosniff",
    "Content-Length": String(om.pdf.length),
  };
}
