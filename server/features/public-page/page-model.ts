// What a public page shows, chosen field by field (docs/decisions/276-public-page-content.md):
// the flyer's content (same facts, same formats, same confidential address) plus the page's own
// addresses. Nothing internal (notes, marketing category, drive links, who edited) is in here,
// so the renderer cannot show it by mistake.
import type { Brand } from "../../../shared/brand.js";
import type { Listing } from "../../../shared/schema.js";
import type { FlyerContent } from "../flyer/service.js";
import type { PageMap } from "./page-map.js";
import type { PublicSpace } from "./spaces-table.js";

export interface PagePhoto {
  id: number;
  alt: string;
  width: number | null;
  height: number | null;
}

export interface PageModel {
  /** Absolute address of the page (og:url, canonical) from the trusted origin; null while there is none. */
  url: string | null;
  /** Address of the page's 1200x630 preview image: absolute from the trusted origin, else root-relative. */
  ogImageUrl: string;
  siteName: string;
  content: FlyerContent;
  listing: Pick<Listing, "offeringType" | "askingPrice" | "leaseRate" | "leaseRateUnit" | "city" | "state" | "zip" | "address" | "addressConfidential" | "buildingSizeSf" | "lotSizeAcres" | "capRate" | "zoning" | "yearBuilt">;
  publishedAt: Date | null;
  indexable: boolean;
  /** The flyer link leads to a short form (name, email) that records a lead first. */
  flyerGate: boolean;
  photos: PagePhoto[];
  /** The page-relative path of the brand's logo, when there is one. */
  logoPath: string | null;
  /** The listing's place on a map (the area alone when the address is hidden); null without a point. */
  map: PageMap | null;
  brand: Brand;
  /**
   * Who the thank-you promises will be in touch: the listing's agent only when an inquiry reaches
   * them; null says "our team".
   */
  promisedBy: string | null;
  /** The listing's deal room takes requests: the page offers "Request the offering memorandum". */
  room?: boolean;
  /** The available spaces, for their table (spaces-table.ts). */
  spaces?: PublicSpace[];
}
