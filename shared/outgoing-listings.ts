// Which listings go out, and why one does not (docs/guides/inventory-and-feed.md): the one rule
// the brokerage's inventory, the listings feed and Settings' "not in the feed" list all read. A
// listing that is not published is never out, whatever its switches say; the stage follows the
// market status the page shows (shared/market-status.ts), so what the outside sees agrees.
import type { OfferingType } from "./enumerations.js";
import type { DealStage } from "./listing-fact-choices.js";
import { marketStatus, type MarketState } from "./market-status.js";

/** What the rule reads of a listing, its publication and its gallery. */
export interface OutgoingFacts {
  published: boolean;
  inventory: boolean;
  syndicate: boolean;
  isActive: boolean;
  offeringType: OfferingType;
  dealStage: DealStage | null;
  askingPrice: number | null;
  leaseRate: number | null;
  /** Whether an available space has a rate: a building leased suite by suite is priced by its spaces. */
  pricedSpaces: boolean;
  /** Photos whose rights are confirmed: only those ever go out. */
  confirmedPhotos: number;
  /** When the deal closed (only read for a Closed listing); null when unknown. */
  closedAt: Date | null;
}

/** How long Closed listings stay out as Sold / Leased, and the moment to judge at. */
export interface OutgoingWindow {
  soldDays: number;
  now: Date;
}

export const OUTGOING_REASONS = ["notPublished", "notInInventory", "notSyndicated", "inactive", "offMarket", "closed", "missingPrice", "noConfirmedPhoto"] as const;
export type OutgoingReason = (typeof OUTGOING_REASONS)[number];

/** Each reason as Settings shows it. */
export const OUTGOING_REASON_TEXT: Record<OutgoingReason, string> = {
  notPublished: "Its page is not published",
  notInInventory: "“Show in the brokerage's inventory” is off",
  notSyndicated: "“Syndicate to feeds” is off",
  inactive: "The listing is inactive",
  offMarket: "Its deal stage is Withdrawn or Expired",
  closed: "It is Closed (closed listings are shown for INVENTORY_SOLD_DAYS days only)",
  missingPrice: "It has no asking price, lease rate or available space with a rate",
  noConfirmedPhoto: "No photo has its rights confirmed",
};

/** Out, with the market state it is shown with; or not, with every reason. */
export type Outgoing = { out: true; state: Exclude<MarketState, "offMarket"> } | { out: false; reasons: OutgoingReason[] };

const DAY_MS = 86_400_000;

/** The stage rule both share: Active or Under Contract, or Closed within the chosen days. */
function stageReasons(l: OutgoingFacts, w: OutgoingWindow): { state: MarketState; reasons: OutgoingReason[] } {
  const state = marketStatus(l).state;
  const reasons: OutgoingReason[] = [];
  if (!l.isActive) reasons.push("inactive");
  if (state === "offMarket") reasons.push("offMarket");
  if (state === "closed") {
    const closedAt = l.closedAt?.getTime() ?? -Infinity;
    if (w.now.getTime() - closedAt >= w.soldDays * DAY_MS) reasons.push("closed");
  }
  return { state, reasons };
}

function decide(state: MarketState, reasons: OutgoingReason[]): Outgoing {
  if (reasons.length > 0 || state === "offMarket") return { out: false, reasons };
  return { out: true, state };
}

/** Whether a listing is in the brokerage's inventory. */
export function inInventory(l: OutgoingFacts, w: OutgoingWindow): Outgoing {
  const { state, reasons } = stageReasons(l, w);
  const own: OutgoingReason[] = [];
  if (!l.published) own.push("notPublished");
  if (!l.inventory) own.push("notInInventory");
  return decide(state, [...own, ...reasons]);
}

/** Whether a sale or a lease has its price: portals list nothing without one. */
function hasPrice(l: Pick<OutgoingFacts, "offeringType" | "askingPrice" | "leaseRate" | "pricedSpaces">): boolean {
  const sells = l.offeringType !== "Lease";
  const leases = l.offeringType.includes("Lease");
  return (sells && l.askingPrice !== null) || (leases && (l.leaseRate !== null || l.pricedSpaces));
}

/** Whether a listing is in the listings feed. */
export function inFeed(l: OutgoingFacts, w: OutgoingWindow): Outgoing {
  const { state, reasons } = stageReasons(l, w);
  const own: OutgoingReason[] = [];
  if (!l.published) own.push("notPublished");
  if (!l.syndicate) own.push("notSyndicated");
  if (!hasPrice(l)) own.push("missingPrice");
  if (l.confirmedPhotos === 0) own.push("noConfirmedPhoto");
  return decide(state, [...own, ...reasons]);
}
