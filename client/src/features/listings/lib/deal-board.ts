// The deal board's columns: listings grouped by deal stage, each with its count and totals.
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
  const lists = new Map<BoardStage, ListingSummary[]>(BOARD_STAGES.map((stage) => [stage, []]));
  for (const listing of listings) lists.get(columnOf(listing))!.push(listing);
  return BOARD_STAGES.map((stage) => withTotals(stage, lists.get(stage)!));
}

/** The column a listing shows in: a stage the board does not know (a newer server) shows under "No stage". */
function columnOf(listing: Pick<ListingSummary, "dealStage">): BoardStage {
  const stage = boardStageOf(listing);
  return isBoardStage(stage) ? stage : NO_STAGE;
}

function withTotals(stage: BoardStage, listings: ListingSummary[]): BoardColumn {
  const column: BoardColumn = { stage, listings, askingTotal: 0, rentTotal: 0, rentCount: 0 };
  for (const listing of listings) {
    if (listing.askingPrice !== null && listing.askingPrice !== undefined) column.askingTotal += listing.askingPrice;
    const rent = annualRent(listing);
    if (rent !== null) {
      column.rentTotal += rent;
      column.rentCount += 1;
    }
  }
  return column;
}

/**
 * The columns with moves not yet saved applied: each moved listing leaves its column and joins
 * the new one at its place in `shown` (the listings the columns were made from, in order;
 * `order` holds each one's index). The work is the moves and the two columns each touches, not
 * the whole list: a drop costs a column. Untouched columns stay the same objects.
 */
export function withMoves(
  columns: BoardColumn[],
  moves: ReadonlyMap<string, BoardStage>,
  shown: readonly ListingSummary[],
  order: ReadonlyMap<string, number>,
): BoardColumn[] {
  if (moves.size === 0) return columns;
  const lists = new Map(columns.map((column) => [column.stage, column.listings]));
  const touched = new Set<BoardStage>();
  const indexOf = (listing: ListingSummary) => order.get(listing.id) ?? Number.MAX_SAFE_INTEGER;
  for (const [id, to] of moves) {
    const at = order.get(id);
    // Filtered out since, or already saved in the new stage.
    const listing = at === undefined ? undefined : shown[at];
    if (!listing || !lists.has(to)) continue;
    const from = columnOf(listing);
    if (from === to) continue;
    lists.set(from, lists.get(from)!.filter((l) => l.id !== id));
    const target = [...lists.get(to)!];
    target.splice(firstAfter(target, at!, indexOf), 0, { ...listing, dealStage: dealStageOf(to) });
    lists.set(to, target);
    touched.add(from).add(to);
  }
  return columns.map((column) => (touched.has(column.stage) ? withTotals(column.stage, lists.get(column.stage)!) : column));
}

/** The first position in `list` (in ascending `indexOf`) whose index is past `at`: a binary search. */
function firstAfter<T>(list: readonly T[], at: number, indexOf: (item: T) => number): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (indexOf(list[middle]!) > at) high = middle;
    else low = middle + 1;
  }
  return low;
}
