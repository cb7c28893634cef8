// The photos a flyer shows, cover first: the one place that chooses them. Only photos someone has
// confirmed the team may use go outside (docs/decisions/251-image-rights.md); the layout takes
// the cover and up to three more.
import type { Db } from "../../db/database.js";
import { confirmedPhotosForListing } from "../photos/service.js";

export interface FlyerPhoto {
  url: string;
}

/** At most this many photos fit the flyer: the cover across the page and three beside the facts. */
const FLYER_PHOTOS = 4;

export async function flyerPhotos(db: Db, listingId: string): Promise<FlyerPhoto[]> {
  return (await confirmedPhotosForListing(db, listingId)).slice(0, FLYER_PHOTOS).map(({ url }) => ({ url }));
}
