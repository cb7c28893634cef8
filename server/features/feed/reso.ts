// The listings feed in the real-estate industry's own words: the RESO Data Dictionary 2.0's
// field names and enumeration values, written once here (docs/guides/inventory-and-feed.md).
// Values are the Dictionary's OData enumeration names (no spaces: "ActiveUnderContract",
// "CommercialSale", "MixedUse"). What RESO lacks goes in `X_` fields, each documented in the guide
// and in the published JSON Schema.
import type { DealStage, LeaseRateUnit, PropertyType } from "../../../shared/listing-fact-choices.js";
import type { MarketState } from "../../../shared/market-status.js";
import type { OfferingType } from "../../../shared/enumerations.js";
import type { PhotoKind } from "../../../shared/photos.js";

/** Data Dictionary 2.0 lookups, the subsets a commercial brokerage can mean. */
export const RESO_STANDARD_STATUS = ["Active", "ActiveUnderContract", "Canceled", "Closed", "ComingSoon", "Delete", "Expired", "Hold", "Incomplete", "Pending", "Withdrawn"] as const;
export const RESO_PROPERTY_TYPE = ["BusinessOpportunity", "CommercialLease", "CommercialSale", "Farm", "Land", "ManufacturedInPark", "Residential", "ResidentialIncome", "ResidentialLease"] as const;
export const RESO_PROPERTY_SUB_TYPE = [
  "Agriculture",
  "Apartment",
  "BoatSlip",
  "Business",
  "Cabin",
  "Condominium",
  "DeededParking",
  "Duplex",
  "Farm",
  "HotelMotel",
  "Industrial",
  "ManufacturedHome",
  "ManufacturedOnLand",
  "MixedUse",
  "MobileHome",
  "MultiFamily",
  "Office",
  "OwnYourOwn",
  "Quadruplex",
  "Ranch",
  "Retail",
  "SingleFamilyResidence",
  "StockCooperative",
  "Timeshare",
  "Townhouse",
  "Triplex",
  "UnimprovedLand",
  "Warehouse",
] as const;
export const RESO_LEASE_AMOUNT_FREQUENCY = ["Annually", "Daily", "Monthly", "OneTime", "Quarterly", "SemiAnnually", "Weekly"] as const;
export const RESO_MEDIA_CATEGORY = ["AgentPhoto", "BrandedVirtualTour", "Document", "FloorPlan", "OfficeLogo", "OfficePhoto", "Photo", "UnbrandedVirtualTour", "Video"] as const;
export const RESO_AREA_UNITS = ["SquareFeet", "SquareMeters"] as const;

export type ResoStandardStatus = (typeof RESO_STANDARD_STATUS)[number];
export type ResoPropertyType = (typeof RESO_PROPERTY_TYPE)[number];
export type ResoPropertySubType = (typeof RESO_PROPERTY_SUB_TYPE)[number];
export type ResoLeaseAmountFrequency = (typeof RESO_LEASE_AMOUNT_FREQUENCY)[number];
export type ResoMediaCategory = (typeof RESO_MEDIA_CATEGORY)[number];

/** How the outside sees a listing (shared/market-status.ts) in RESO's words; under contract still takes back-up offers. */
export const STANDARD_STATUS_OF: Record<Exclude<MarketState, "offMarket">, ResoStandardStatus> = {
  active: "Active",
  underContract: "ActiveUnderContract",
  closed: "Closed",
};

/** A tombstone's status: Closed when the deal closed, Withdrawn for every other way out of the feed. */
export const tombstoneStatus = (dealStage: DealStage | null | undefined): Extract<ResoStandardStatus, "Closed" | "Withdrawn"> =>
  dealStage === "Closed" ? "Closed" : "Withdrawn";

/** Land is Land; a business sale is a BusinessOpportunity; otherwise a lease-only offering is a CommercialLease. */
export function resoPropertyType(offeringType: OfferingType, propertyType: PropertyType | null): ResoPropertyType {
  if (propertyType === "Land") return "Land";
  if (propertyType === "Business" || offeringType === "Transfer") return "BusinessOpportunity";
  return offeringType === "Lease" ? "CommercialLease" : "CommercialSale";
}

/** Our property types that have a Dictionary subtype; the rest (Special Purpose) send none. */
export const PROPERTY_SUB_TYPE_OF: Record<PropertyType, ResoPropertySubType | null> = {
  Retail: "Retail",
  Office: "Office",
  Industrial: "Industrial",
  Flex: "Industrial",
  Multifamily: "MultiFamily",
  Land: "UnimprovedLand",
  Hospitality: "HotelMotel",
  Restaurant: "Retail",
  Medical: "Office",
  "Mixed Use": "MixedUse",
  "Special Purpose": null,
  Business: "Business",
};

/** The period a lease rate is quoted for; a per-SF rate's amount is the rate times the space. */
export const LEASE_FREQUENCY_OF: Record<LeaseRateUnit, ResoLeaseAmountFrequency> = {
  "per SF/yr": "Annually",
  "per SF/mo": "Monthly",
  "per month": "Monthly",
  "per year": "Annually",
};

/** The `X_LeaseRateUnit` extension's values: a per-SF rate's unit. */
export const X_LEASE_RATE_UNITS = ["SF/yr", "SF/mo"] as const;
export const PER_SF_UNIT_OF: Partial<Record<LeaseRateUnit, (typeof X_LEASE_RATE_UNITS)[number]>> = { "per SF/yr": "SF/yr", "per SF/mo": "SF/mo" };

/**
 * The `X_Spaces[].Status` extension's values. Leased spaces are left out of the feed: a portal
 * reads the record as what is on offer now, and a leased suite listed there is a call about
 * space nobody can lease; when one is leased it drops out and the record's timestamp moves.
 */
export const X_SPACE_STATUS_OF = { available: "Available", pending: "Pending" } as const;
export const X_SPACE_STATUSES = Object.values(X_SPACE_STATUS_OF);

/** Photos are Photo, plans FloorPlan; site plans, aerials and maps are photos of the property too. */
export const MEDIA_CATEGORY_OF: Record<PhotoKind, ResoMediaCategory> = {
  photo: "Photo",
  floorPlan: "FloorPlan",
  sitePlan: "Photo",
  aerial: "Photo",
  map: "Photo",
  other: "Photo",
};
