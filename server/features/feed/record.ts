// One listing as a feed record (a RESO Property with its Media), and a departed listing's
// tombstone. Field by field, like the public page's model: nothing internal (notes, marketing
// category, drive links) is read here, so nothing internal can go out.
import type { MarketState } from "../../../shared/market-status.js";
import { publicPagePath } from "../../../shared/public-page.js";
import { imageKeyOf } from "../photos/service.js";
import { pagePhotoWidth } from "../public-page/service.js";
import type { SpaceLeaseType, SpaceRateUnit } from "../../../shared/space-choices.js";
import type { OfferedSpaceRow, PublishedListingRow } from "./data.js";
import {
  LEASE_FREQUENCY_OF,
  MEDIA_CATEGORY_OF,
  PER_SF_UNIT_OF,
  PROPERTY_SUB_TYPE_OF,
  resoPropertyType,
  STANDARD_STATUS_OF,
  X_SPACE_STATUS_OF,
  type ResoLeaseAmountFrequency,
  type ResoMediaCategory,
  type ResoPropertySubType,
  type ResoPropertyType,
  type ResoStandardStatus,
} from "./reso.js";

export interface FeedMedia {
  MediaKey: string;
  MediaURL: string;
  MediaCategory: ResoMediaCategory;
  Order: number;
  PreferredPhotoYN: boolean;
  MediaModificationTimestamp: string;
}

/** A suite on offer in a lease listing (an extension: RESO has no spaces). */
export interface FeedSpace {
  Suite: string;
  Floor: string | null;
  AreaSF: number;
  MinDivisibleSF: number | null;
  RateAmount: number | null;
  RateUnit: SpaceRateUnit;
  LeaseType: SpaceLeaseType | null;
  AvailableDate: string | null;
  Status: (typeof X_SPACE_STATUS_OF)[keyof typeof X_SPACE_STATUS_OF];
}

export interface FeedRecord {
  ListingKey: string;
  ListingId: string;
  StandardStatus: ResoStandardStatus;
  PropertyType: ResoPropertyType;
  PropertySubType: ResoPropertySubType | null;
  ListPrice: number | null;
  LeaseAmount: number | null;
  LeaseAmountFrequency: ResoLeaseAmountFrequency | null;
  CapRate: number | null;
  NetOperatingIncome: number | null;
  BuildingAreaTotal: number | null;
  BuildingAreaUnits: "SquareFeet" | null;
  LotSizeAcres: number | null;
  Zoning: string | null;
  YearBuilt: number | null;
  UnparsedAddress: string | null;
  City: string;
  StateOrProvince: string;
  PostalCode: string | null;
  Latitude: number | null;
  Longitude: number | null;
  InternetAddressDisplayYN: boolean;
  PublicRemarks: string;
  ListAgentFullName: string | null;
  ListAgentEmail: string | null;
  ListOfficeName: string | null;
  ModificationTimestamp: string;
  Media: FeedMedia[];
  /** A per-SF lease rate as quoted, and its unit; null for a lease quoted per month or year. */
  X_LeaseRatePerSquareFoot: number | null;
  X_LeaseRateUnit: "SF/yr" | "SF/mo" | null;
  /** The listing's public page. */
  X_ListingURL: string;
  /** A lease listing's available and pending spaces; empty for a sale or a listing without any. */
  X_Spaces: FeedSpace[];
}

/** A listing that left the feed: its key, why (Closed or Withdrawn) and when. */
export interface FeedTombstone {
  ListingKey: string;
  ListingId: string;
  StandardStatus: ResoStandardStatus;
  ModificationTimestamp: string;
}

export interface FeedPhoto {
  id: number;
  url: string;
  kind: keyof typeof MEDIA_CATEGORY_OF;
  createdAt: Date;
}

const cents = (n: number) => Math.round(n * 100) / 100;
const latest = (...dates: (Date | null)[]) => new Date(Math.max(...dates.filter((d) => d !== null).map((d) => d.getTime())));

/** The record's last change: the listing (its gallery bumps it), its publication, its agent, the brand's name. */
export function modifiedAt(row: PublishedListingRow, brandUpdatedAt: Date | null): Date {
  return latest(row.listing.updatedAt, row.publicationUpdatedAt, row.agentUpdatedAt, brandUpdatedAt);
}

function leaseTerms(l: PublishedListingRow["listing"]) {
  if (!l.offeringType.includes("Lease") || l.leaseRate === null || l.leaseRateUnit === null) {
    return { LeaseAmount: null, LeaseAmountFrequency: null, X_LeaseRatePerSquareFoot: null, X_LeaseRateUnit: null };
  }
  const perSf = PER_SF_UNIT_OF[l.leaseRateUnit] ?? null;
  const space = l.availableSizeSf ?? l.buildingSizeSf;
  // RESO's LeaseAmount is money per period: a per-SF rate needs the space it is quoted on.
  const amount = perSf === null ? l.leaseRate : space === null ? null : cents(l.leaseRate * space);
  return {
    LeaseAmount: amount,
    LeaseAmountFrequency: amount === null ? null : LEASE_FREQUENCY_OF[l.leaseRateUnit],
    X_LeaseRatePerSquareFoot: perSf === null ? null : l.leaseRate,
    X_LeaseRateUnit: perSf,
  };
}

type OfferedSpace = Omit<OfferedSpaceRow, "listingId">;

const feedSpace = (s: OfferedSpace): FeedSpace => ({
  Suite: s.suite,
  Floor: s.floor,
  AreaSF: s.sizeSf,
  MinDivisibleSF: s.minDivisibleSf,
  RateAmount: s.rate,
  RateUnit: s.rateUnit,
  LeaseType: s.leaseType,
  AvailableDate: s.availableOn,
  Status: X_SPACE_STATUS_OF[s.status as keyof typeof X_SPACE_STATUS_OF],
});

export function feedRecord(
  row: PublishedListingRow,
  state: Exclude<MarketState, "offMarket">,
  photos: FeedPhoto[],
  spaces: OfferedSpace[],
  ctx: { origin: string; officeName: string | null; modifiedAt: Date },
): FeedRecord {
  const l = row.listing;
  const page = `${ctx.origin}${publicPagePath(row.token)}`;
  const sells = l.offeringType !== "Lease";
  const listPrice = sells ? l.askingPrice : null;
  // A confidential address goes out as its city, state and ZIP only: no street, no point.
  const showAddress = !l.addressConfidential;
  // Only the public page's re-encoded copies of our own images, at its largest width; never an original.
  const media = photos.filter((p) => imageKeyOf(p.url) !== null);
  return {
    ListingKey: l.id,
    ListingId: l.id,
    StandardStatus: STANDARD_STATUS_OF[state],
    PropertyType: resoPropertyType(l.offeringType, l.propertyType),
    PropertySubType: l.propertyType ? PROPERTY_SUB_TYPE_OF[l.propertyType] : null,
    ListPrice: listPrice,
    ...leaseTerms(l),
    CapRate: l.capRate,
    // Cap rate is NOI over price: with both the income is known, and portals filter on it.
    NetOperatingIncome: listPrice !== null && l.capRate !== null ? Math.round((listPrice * l.capRate) / 100) : null,
    BuildingAreaTotal: l.buildingSizeSf,
    BuildingAreaUnits: l.buildingSizeSf === null ? null : "SquareFeet",
    LotSizeAcres: l.lotSizeAcres,
    Zoning: l.zoning,
    YearBuilt: l.yearBuilt,
    UnparsedAddress: showAddress && l.address.trim() !== "" ? l.address : null,
    City: l.city,
    StateOrProvince: l.state,
    PostalCode: l.zip,
    Latitude: showAddress ? l.latitude : null,
    Longitude: showAddress ? l.longitude : null,
    InternetAddressDisplayYN: showAddress,
    PublicRemarks: l.propertyDescription,
    ListAgentFullName: row.agentName,
    ListAgentEmail: row.agentEmail,
    ListOfficeName: ctx.officeName,
    ModificationTimestamp: ctx.modifiedAt.toISOString(),
    Media: media.map((p, i) => ({
      MediaKey: String(p.id),
      MediaURL: `${page}/photos/${p.id}?w=${pagePhotoWidth(undefined)}`,
      MediaCategory: MEDIA_CATEGORY_OF[p.kind],
      Order: i + 1,
      PreferredPhotoYN: i === 0,
      MediaModificationTimestamp: p.createdAt.toISOString(),
    })),
    X_ListingURL: page,
    // Spaces are offered for lease: a listing only for sale has none to offer, whatever it holds.
    X_Spaces: l.offeringType.includes("Lease") ? spaces.map(feedSpace) : [],
  };
}
