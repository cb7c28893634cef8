// A space's choices and row type, without zod: the cards of the first page print a listing's
// spaces range (spaces-summary.ts) without loading the shapes of spaces.ts.

export const SPACE_RATE_UNITS = ["SF/yr", "SF/mo", "month", "year"] as const;
export type SpaceRateUnit = (typeof SPACE_RATE_UNITS)[number];

export const SPACE_LEASE_TYPES = ["NNN", "NN", "Modified Gross", "Full Service Gross", "Ground"] as const;
export type SpaceLeaseType = (typeof SPACE_LEASE_TYPES)[number];

export const SPACE_STATUSES = ["available", "pending", "leased"] as const;
export type SpaceStatus = (typeof SPACE_STATUSES)[number];

export interface Space {
  id: number;
  suite: string;
  floor: string | null;
  sizeSf: number;
  minDivisibleSf: number | null;
  rate: number | null;
  rateUnit: SpaceRateUnit;
  leaseType: SpaceLeaseType | null;
  availableOn: string | null;
  status: SpaceStatus;
  spaceType: string | null;
  description: string | null;
  photoIds: number[];
}
