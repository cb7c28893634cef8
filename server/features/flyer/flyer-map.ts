// The flyer's map of the listing's place.
import type { Listing } from "../../../shared/schema.js";
import { staticMapPng } from "../maps/service.js";
import { MAP_BOX } from "./render-flyer.js";

/**
 * The map for a listing's flyer, null when it has no point, or when its address is confidential:
 * a pin would show what the flyer's text leaves out.
 */
export async function flyerMap(listing: Pick<Listing, "latitude" | "longitude" | "locationPrecision" | "addressConfidential">, accent: string): Promise<Buffer | null> {
  if (listing.addressConfidential || listing.latitude === null || listing.longitude === null) return null;
  return staticMapPng(
    { latitude: listing.latitude, longitude: listing.longitude, precision: listing.locationPrecision },
    { width: MAP_BOX.width * 2, height: MAP_BOX.height * 2, pinColor: accent },
  );
}
