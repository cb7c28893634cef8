import type { ListingFactField } from "../../../shared/listing-facts.js";
import type { PostPlatform } from "../../../shared/posts.js";
import type { Listing } from "../../../shared/schema.js";

/** Spec §9: posts generated per listing. */
export const POSTS_PER_LISTING = 10;

/**
 * The listing facts a writer may use. Internal fields (notes, shared-drive links, the address)
 * never reach it.
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
  Partial<Pick<Listing, ListingFactField | "spacesSummary">> & {
    /**
     * The listing's public page while it is published (absolute, as the publication API gives it),
     * which the posts carry; absent otherwise.
     */
    publicPageUrl?: string | null;
  };

/**
 * The brokerage that advertises: when set, the
 * longer posts end with its name and phone, and the shorter ones when they have room.
 */
export interface PostsBrand {
  brokerageName: string;
  phone: string;
}

/** "Main Street Realty · 304-555-0142": the line that signs a post; null when the brand is unset. */
export function brandLine(brand: PostsBrand | undefined): string | null {
  const parts = [brand?.brokerageName.trim(), brand?.phone.trim()].filter((p): p is string => Boolean(p));
  return parts.length ? parts.join(" · ") : null;
}

export interface WrittenPost {
  platform: PostPlatform;
  text: string;
  /** Set when a model's post failed a check and the built-in writer's took its place. */
  replacedBecause?: string;
}

export interface WrittenPosts {
  /** "built-in", or the model's name. */
  writer: string;
  /** POSTS_PER_LISTING posts, in POST_PLAN's order of platforms. */
  posts: WrittenPost[];
}

export interface PostsWriter {
  /**
   * "built-in" answers at once, so callers simply wait for it; "remote" calls a model that may
   * take many seconds, so callers write in the background.
   */
  readonly kind: "built-in" | "remote";
  /** Exactly POSTS_PER_LISTING distinct posts that pass post-checks. Never rejects for a reason the caller could fix. */
  write(listing: PostsListing, brand?: PostsBrand): Promise<WrittenPosts>;
}

/**
 * The one link a post carries: the listing's public page while it is published, otherwise its
 * marketplace listing or its flyer; never two.
 */
export const postLink = (listing: Pick<PostsListing, "publicPageUrl" | "looplinkLink" | "marketingFlyerLink">): string | null =>
  listing.publicPageUrl?.trim() || listing.looplinkLink?.trim() || listing.marketingFlyerLink?.trim() || null;
