// The map on the public page: the listing's point with a
// pin when the page shows the street address; otherwise only the general area, so the image
// never tells more than the page's "city, state".
import { createHash } from "node:crypto";
import type { Listing } from "../../../shared/schema.js";
import { staticMapPng, type StaticMapOptions, type StaticMapPoint } from "../maps/service.js";

export const PAGE_MAP_WIDTH = 640;
export const PAGE_MAP_HEIGHT = 320;
// A hidden address: the point rounded to a tenth of a degree (about 11 km north-south) and a
// regional view with the area's halo and no pin.
const AREA_STEP = 0.1;
const AREA_HALF_SPAN = 4;

export interface PageMap {
  point: StaticMapPoint;
  /** True when the page hides the street address: the area, not the building. */
  approximate: boolean;
  /** Names the point and look: the image's URL carries it, so a moved point is a new URL. */
  version: string;
}

const coarse = (degrees: number) => Math.round(degrees / AREA_STEP) * AREA_STEP;

/** The page's map, or null when the listing has no point. */
export function pageMap(listing: Pick<Listing, "latitude" | "longitude" | "locationPrecision" | "addressConfidential">): PageMap | null {
  if (listing.latitude === null || listing.longitude === null) return null;
  const approximate = listing.addressConfidential;
  const point: StaticMapPoint = approximate
    ? { latitude: Number(coarse(listing.latitude).toFixed(1)), longitude: Number(coarse(listing.longitude).toFixed(1)), precision: "zip" }
    : { latitude: listing.latitude, longitude: listing.longitude, precision: listing.locationPrecision };
  const version = createHash("sha256").update(JSON.stringify([point, approximate])).digest("base64url").slice(0, 12);
  return { point, approximate, version };
}

/** The PNG (made once per place and look by the maps feature), the pin in the brand's accent. */
export function pageMapPng(map: PageMap, accent: string): Promise<Buffer> {
  const look: StaticMapOptions = { width: PAGE_MAP_WIDTH, height: PAGE_MAP_HEIGHT, pinColor: accent };
  return staticMapPng(map.point, map.approximate ? { ...look, halfSpanDegrees: AREA_HALF_SPAN, pin: false } : look);
}
