// The deal board's columns: listings grouped by deal stage, each with its count and totals
// (docs/decisions/294-deal-board-totals.md).
import { DEAL_STAGES, type DealStage, type LeaseRateUnit } from "@shared/listing-fact-choices";
import type { ListingSummary } from "../api/listing-types";

/** The column of listings whose deal stage is not set; moving a card there clears it. */
export const NO_STAGE = "none";
export type BoardStage = DealStage | typeof NO_STAGE;

/** Left to right: listings not yet staged first, then the deal stages in their own order. */
export const BOARD_STAGES: readonly BoardStage[] = [NO_STAGE, ...DEAL_STAGES];

export const boardStageLabel = (stage: BoardStage): string => (stage === NO_STAGE ? "No stage" : stage);
export const boardStageOf = (listing: Pick<ListingSummary, "dealStage">): BoardStage => listing.dealStage ?? NO_STAGE;
export const dealStageOf = (stage: BoardStage): DealStage | null => (stage === NO_STAGE ? null : stage);

export function isBoardStage(value: unknown): value is BoardStage {
  return typeof value === "string" && (BOARD_STAGES as readonly string[]).includes(value);
}

type RentFacts = Pick<ListingSummary, "offeringType" | "leaseRate" | "leaseRateUnit" | "availableSizeSf" | "buildingSizeSf">;

/** Months or square feet times the rate: how a rate in each unit becomes a year's rent. */
const ANNUAL_RENT: Record<LeaseRateUnit, (rate: number, sizeSf: number | null) => number | null> = {
  "per SF/yr": (rate, size) => (size === null ? null : rate * size),
  "per SF/mo": (rate, size) => (size === null ? null : rate * size * 12),
  "per month": (rate) => rate * 12,
  "per year": (rate) => rate,
};

/**
 * A lease's rent for a year, or null when it cannot be known: not offered for lease, no rate or
 * unit, or a per-square-foot rate without a size. The size leased is the available size, else
 * the building's.
 */
export function annualRent(listing: RentFacts): number | null {
  if (!listing.offeringType.includes("Lease")) return null;
  const { leaseRate, leaseRateUnit } = listing;
  if (leaseRate === null || leaseRate === undefined || !leaseRateUnit) return null;
  return ANNUAL_RENT[leaseRateUnit](leaseRate, listing.availableSizeSf ?? listing.buildingSizeSf ?? null);
}

export interface BoardColumn {
  stage: BoardStage;
  listings: ListingSummary[];
  /** The sum of the asking prices that are known. */
  askingTotal: number;
  /** The sum of the annual rents that can be known, and how many leases they cover. */
  rentTotal: number;
  rentCount: number;
}

/** The board's columns, every stage present (empty ones too), each keeping the listings' order. */
export function boardColumns(listings: readonly ListingSummary[]): BoardColumn[] {
  const columns = new Map<BoardStage, BoardColumn>(
    BOARD_STAGES.map((stage) => [stage, { stage, listings: [], askingTotal: 0, rentTotal: 0, rentCount: 0 }]),
  );
  for (const listing of listings) {
    const column = columns.get(boardStageOf(listing));
    // A stage the board does not know (a newer server) still shows, under "No stage".
    const target = column ?? columns.get(NO_STAGE)!;
    target.listings.push(listing);
    if (listing.askingPrice !== null && listing.askingPrice !== undefined) target.askingTotal += listing.askingPrice;
    const rent = annualRent(listing);
    if (rent !== null) {
      target.rentTotal += rent;
      target.rentCount += 1;
    }
  }
  return [...columns.values()];
}
