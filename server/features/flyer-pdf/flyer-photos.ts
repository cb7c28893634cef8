// The photos a flyer shows, cover first: the one place that chooses them. Today a listing has one
// image; a gallery's confirmed photos (cover first, then in order) take this function's place.
import type { Listing } from "../../../shared/schema.js";

export interface FlyerPhoto {
  url: string;
}

export async function flyerPhotos(listing: Pick<Listing, "id" | "imageUrl">): Promise<FlyerPhoto[]> {
  return listing.imageUrl ? [{ url: listing.imageUrl }] : [];
}
