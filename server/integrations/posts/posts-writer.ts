import type { ListingFactField } from "../../../shared/listing-facts.js";
import type { Listing } from "../../../shared/schema.js";

/** Spec §9: posts generated per listing. */
export const POSTS_PER_LISTING = 10;

/**
 * The listing facts a writer may use. Internal fields (notes, shared-drive links) never reach it.
 * The commercial facts (issue 12: price, sizes, type, …) are passed on; how posts word them is
 * the posts' own issue, so the writers do not use them yet.
 */
export type PostsListing = Pick<
  Listing,
  | "id"
  | "listingName"
  | "city"
  | "state"
  | "offeringType"
  | "marketingCategory"
  | "propertyDescription"
  | "marketingFlyerLink"
  | "looplinkLink"
> &
  Partial<Pick<Listing, ListingFactField>>;

export interface PostsWriter {
  /**
   * "built-in" answers at once, so callers simply wait for it; "remote" calls a model that may
   * take many seconds, so callers write in the background (see docs/decisions/030-posts-writing.md).
   */
  readonly kind: "built-in" | "remote";
  /** Exactly POSTS_PER_LISTING distinct posts. Never rejects for a reason the caller could fix. */
  write(listing: PostsListing): Promise<string[]>;
}
