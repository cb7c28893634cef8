// The listing's market status as the outside sees it, from its deal stage and how it is offered
// (docs/decisions/358-market-status-outside.md). One function decides it and its words; the
// public page, its preview image, the flyer and the built-in posts writer all read it.
import type { OfferingType } from "./enumerations.js";
import type { DealStage } from "./listing-fact-choices.js";

/** active: on the market; underContract: still taking back-up offers; closed: done; offMarket: no page at all. */
export type MarketState = "active" | "underContract" | "closed" | "offMarket";

export interface MarketStatus {
  state: MarketState;
  /** The flyer's band and the page's kicker: "For Sale", "Sold". */
  headline: string;
  /** Shown beside the headline while under contract; null otherwise. */
  badge: string | null;
  /** The line that goes with the badge: "Back-up offers welcome."; null otherwise. */
  note: string | null;
  /** What the page's form asks about: this listing, similar properties (closed), nothing (off the market). */
  inquiry: "listing" | "similar" | null;
}

/** How each offering reads on the market: the flyer's and the page's headline since they began. */
export const OFFERING_HEADLINES: Record<OfferingType, string> = {
  Sell: "For Sale",
  Lease: "For Lease",
  Transfer: "Business for Sale",
  "Sell/Lease": "For Sale or Lease",
  "Sell/Transfer": "For Sale",
  "Sell/Lease/Transfer": "For Sale or Lease",
};

// A listing offered both ways does not record which way it closed: it says the deal closed.
const CLOSED_HEADLINES: Record<OfferingType, string> = {
  Sell: "Sold",
  Lease: "Leased",
  Transfer: "Business Sold",
  "Sell/Lease": "Deal Closed",
  "Sell/Transfer": "Sold",
  "Sell/Lease/Transfer": "Deal Closed",
};

export const UNDER_CONTRACT_BADGE = "Under Contract";
export const BACKUP_OFFERS_NOTE = "Back-up offers welcome.";
/** The closed page's form heading, and how the team sees such an inquiry. */
export const SIMILAR_PROPERTIES = "Ask us about similar properties";

/**
 * No deal stage and Proposal read as Active: a listing is published or printed because it is
 * being marketed, and most imported listings carry no stage at all.
 */
export function marketStatus(listing: { offeringType: OfferingType; dealStage?: DealStage | null }): MarketStatus {
  const onMarket = OFFERING_HEADLINES[listing.offeringType];
  switch (listing.dealStage) {
    case "Under Contract":
      return { state: "underContract", headline: onMarket, badge: UNDER_CONTRACT_BADGE, note: BACKUP_OFFERS_NOTE, inquiry: "listing" };
    case "Closed":
      return { state: "closed", headline: CLOSED_HEADLINES[listing.offeringType], badge: null, note: null, inquiry: "similar" };
    case "Withdrawn":
    case "Expired":
      return { state: "offMarket", headline: "Off the Market", badge: null, note: null, inquiry: null };
    default:
      return { state: "active", headline: onMarket, badge: null, note: null, inquiry: "listing" };
  }
}

/** The status as one line: "For Sale · Under Contract", "Sold". */
export const marketStatusLine = (s: MarketStatus) => (s.badge ? `${s.headline} · ${s.badge}` : s.headline);
