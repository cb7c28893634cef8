// Files of their own rather than data URLs in the code: the first page's JavaScript stays small
// and a card asks for a picture only when it shows one (the service worker precaches them).
import fallbackOffice from "@/assets/fallback-office.svg?no-inline";
import fallbackRestaurant from "@/assets/fallback-restaurant.svg?no-inline";
import fallbackRetail from "@/assets/fallback-retail.svg?no-inline";

// Where the server keeps uploaded images (server/integrations/storage/image-urls.ts); only these
// have resized copies.
const OWN_IMAGE_PREFIX = "/api/objects/images/";
const CARD_IMAGE_WIDTH = 600;

/** Spec §2: a stock picture chosen from the description when a listing has no image. */
export function fallbackImage(description: string | null | undefined): string {
  const text = (description ?? "").toLowerCase();
  if (text.includes("restaurant")) return fallbackRestaurant;
  if (text.includes("retail")) return fallbackRetail;
  return fallbackOffice;
}

/**
 * The picture a card shows: the 600-pixel copy of an uploaded image (a few dozen kB instead of a
 * camera original), any other address as it is, or the fallback.
 */
export function cardImageSrc(imageUrl: string | null | undefined, description: string | null | undefined): string {
  if (!imageUrl) return fallbackImage(description);
  return imageUrl.startsWith(OWN_IMAGE_PREFIX) && !imageUrl.includes("?") ? `${imageUrl}?w=${CARD_IMAGE_WIDTH}` : imageUrl;
}

/** The detail dialog shows the original. */
export function fullImageSrc(imageUrl: string | null | undefined, description: string | null | undefined): string {
  return imageUrl || fallbackImage(description);
}
