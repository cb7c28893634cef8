// The market status for every deal stage and offering type: what the page, og image, flyer and
// posts all read.
import { describe, expect, it } from "vitest";
import { OFFERING_TYPES } from "./enumerations.js";
import { DEAL_STAGES } from "./listing-fact-choices.js";
import { marketStatus, marketStatusLine, OFFERING_HEADLINES } from "./market-status.js";

describe("marketStatus", () => {
  it("reads no stage, Proposal and Active as on the market, in the offering's own words", () => {
    for (const offeringType of OFFERING_TYPES) {
      for (const dealStage of [undefined, null, "Proposal", "Active"] as const) {
        expect(marketStatus({ offeringType, dealStage })).toEqual({ state: "active", headline: OFFERING_HEADLINES[offeringType], badge: null, note: null, inquiry: "listing" });
      }
    }
  });

  it("gives every stage and offering a status, and never offers a closed or withdrawn deal", () => {
    for (const offeringType of OFFERING_TYPES) {
      for (const dealStage of DEAL_STAGES) {
        const s = marketStatus({ offeringType, dealStage });
        expect(s.headline).not.toBe("");
        if (s.state === "closed" || s.state === "offMarket") expect(marketStatusLine(s)).not.toMatch(/\bfor\b/i);
      }
    }
    expect(marketStatusLine(marketStatus({ offeringType: "Lease", dealStage: "Under Contract" }))).toBe("For Lease · Under Contract");
    expect(marketStatus({ offeringType: "Sell", dealStage: "Under Contract" }).note).toBe("Back-up offers welcome.");
    expect(OFFERING_TYPES.map((offeringType) => marketStatus({ offeringType, dealStage: "Closed" }).headline)).toEqual([
      "Sold",
      "Leased",
      "Business Sold",
      "Deal Closed",
      "Sold",
      "Deal Closed",
    ]);
    for (const dealStage of ["Withdrawn", "Expired"] as const) expect(marketStatus({ offeringType: "Sell", dealStage })).toMatchObject({ state: "offMarket", inquiry: null });
    expect(marketStatus({ offeringType: "Sell", dealStage: "Closed" }).inquiry).toBe("similar");
  });
});
