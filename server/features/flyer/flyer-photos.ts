// The photos a flyer shows, cover first: the one place that chooses them. Only photos someone has
// confirmed the team may use go outside; the layout takes
// the cover and up to three more.
import type { PhotoKind } from "../../../shared/photos.js";
import type { Listing } from "../../../shared/schema.js";
import type { Db } from "../../db/database.js";
import { confirmedPhotosForListing, imageKeyOf, listPhotos } from "../photos/service.js";

export interface FlyerPhoto {
  url: string;
  /** Drawn whole (letterboxed in its box) rather than cropped to it: see `shownWhole`. */
  whole: boolean;
  /** The gallery's caption, printed under a thumbnail; "" for none. */
  caption: string;
}

/** At most this many photos fit the flyer: the cover across the page and three beside the facts. */
const FLYER_PHOTOS = 4;

// A plan or a map cut to a box loses what it is for (a room, a lot line, the pin's street), and a
// picture nobody called a photo may be a drawing too: only photos and aerials are cropped to fill
// their box.
const CROPPED_KINDS: readonly PhotoKind[] = ["photo", "aerial"];
export const shownWhole = (kind: PhotoKind) => !CROPPED_KINDS.includes(kind);

export async function flyerPhotos(db: Db, listing: Pick<Listing, "id" | "imageUrl">): Promise<FlyerPhoto[]> {
  const confirmed = await confirmedPhotosForListing(db, listing.id);
  if (confirmed.length > 0) {
    return confirmed.slice(0, FLYER_PHOTOS).map(({ url, kind, caption }) => ({ url, whole: shownWhole(kind), caption: caption.replace(/\s+/g, " ").trim() }));
  }
  // A listing written around the gallery (straight into the table, as test fixtures and scripts
  // do) has an image but no photos: an image this app stored is the team's own upload.
  if (listing.imageUrl && imageKeyOf(listing.imageUrl) && (await listPhotos(db, listing.id)).length === 0) return [{ url: listing.imageUrl, whole: false, caption: "" }];
  return [];
}
