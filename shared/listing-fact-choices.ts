// The commercial facts' enumerations, client-safe: the tables, the zod shapes, the
// parsers, the form and the filters all read them from here.

export const PROPERTY_TYPES = [
  "Retail",
  "Office",
  "Industrial",
  "Flex",
  "Multifamily",
  "Land",
  "Hospitality",
  "Restaurant",
  "Medical",
  "Mixed Use",
  "Special Purpose",
  "Business",
] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];

export const LEASE_RATE_UNITS = ["per SF/yr", "per SF/mo", "per month", "per year"] as const;
export type LeaseRateUnit = (typeof LEASE_RATE_UNITS)[number];

export const LEASE_TYPES = ["NNN", "Modified Gross", "Full Service", "Gross", "Ground Lease"] as const;
export type LeaseType = (typeof LEASE_TYPES)[number];

export const BUILDING_CLASSES = ["A", "B", "C"] as const;
export type BuildingClass = (typeof BUILDING_CLASSES)[number];

export const DEAL_STAGES = ["Proposal", "Active", "Under Contract", "Closed", "Withdrawn", "Expired"] as const;
export type DealStage = (typeof DEAL_STAGES)[number];

/** How a lease rate's unit reads after the amount: "$18.50 /SF/yr". */
export const LEASE_RATE_UNIT_SHORT: Record<LeaseRateUnit, string> = {
  "per SF/yr": "/SF/yr",
  "per SF/mo": "/SF/mo",
  "per month": "/mo",
  "per year": "/yr",
};
