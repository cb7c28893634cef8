import { describe, expect, it } from "vitest";
import { inFeed, inInventory, type OutgoingFacts } from "./outgoing-listings.js";

const now = new Date("2026-11-29T12:00:00Z");
const base: OutgoingFacts = {
  published: true,
  inventory: true,
  syndicate: true,
  isActive: true,
  offeringType: "Sell",
  dealStage: "Active",
  askingPrice: 1_000_000,
  leaseRate: null,
  pricedSpaces: false,
  confirmedPhotos: 1,
  closedAt: null,
};
const w = { soldDays: 0, now };
const daysAgo = (n: number) => new Date(now.getTime() - n * 86_400_000);

describe("which listings go out", () => {
  it("sends a published, switched-on, active listing on the market to both", () => {
    expect(inInventory(base, w)).toEqual({ out: true, state: "active" });
    expect(inFeed(base, w)).toEqual({ out: true, state: "active" });
    expect(inFeed({ ...base, dealStage: "Under Contract" }, w)).toEqual({ out: true, state: "underContract" });
    // No stage and Proposal read as Active, as the page shows them.
    expect(inFeed({ ...base, dealStage: null }, w)).toEqual({ out: true, state: "active" });
  });

  it("keeps an unpublished listing out whatever its switches say", () => {
    expect(inInventory({ ...base, published: false }, w)).toEqual({ out: false, reasons: ["notPublished"] });
    expect(inFeed({ ...base, published: false }, w)).toEqual({ out: false, reasons: ["notPublished"] });
  });

  it("reads each switch for its own output only", () => {
    expect(inInventory({ ...base, inventory: false }, w)).toEqual({ out: false, reasons: ["notInInventory"] });
    expect(inFeed({ ...base, inventory: false }, w).out).toBe(true);
    expect(inFeed({ ...base, syndicate: false }, w)).toEqual({ out: false, reasons: ["notSyndicated"] });
    expect(inInventory({ ...base, syndicate: false }, w).out).toBe(true);
  });

  it("keeps inactive, withdrawn and expired listings out", () => {
    expect(inFeed({ ...base, isActive: false }, w)).toEqual({ out: false, reasons: ["inactive"] });
    expect(inInventory({ ...base, dealStage: "Withdrawn" }, w)).toEqual({ out: false, reasons: ["offMarket"] });
    expect(inFeed({ ...base, dealStage: "Expired" }, w)).toEqual({ out: false, reasons: ["offMarket"] });
  });

  it("shows a Closed listing only within the chosen days", () => {
    const closed = { ...base, dealStage: "Closed" as const, closedAt: daysAgo(2) };
    expect(inInventory(closed, w)).toEqual({ out: false, reasons: ["closed"] });
    expect(inInventory(closed, { soldDays: 3, now })).toEqual({ out: true, state: "closed" });
    expect(inFeed(closed, { soldDays: 2, now })).toEqual({ out: false, reasons: ["closed"] });
    expect(inFeed({ ...closed, closedAt: null }, { soldDays: 30, now })).toEqual({ out: false, reasons: ["closed"] });
  });

  it("asks the feed for a price that fits the offering and a rights-confirmed photo", () => {
    expect(inFeed({ ...base, askingPrice: null }, w)).toEqual({ out: false, reasons: ["missingPrice"] });
    expect(inFeed({ ...base, offeringType: "Lease", askingPrice: 5, leaseRate: null }, w)).toEqual({ out: false, reasons: ["missingPrice"] });
    expect(inFeed({ ...base, offeringType: "Lease", askingPrice: null, leaseRate: 18.5 }, w).out).toBe(true);
    expect(inFeed({ ...base, offeringType: "Sell/Lease", askingPrice: null, leaseRate: 18.5 }, w).out).toBe(true);
    // A building leased suite by suite is priced by its available spaces' rates, a sale is not.
    expect(inFeed({ ...base, offeringType: "Lease", askingPrice: null, leaseRate: null, pricedSpaces: true }, w).out).toBe(true);
    expect(inFeed({ ...base, offeringType: "Sell", askingPrice: null, leaseRate: null, pricedSpaces: true }, w)).toEqual({ out: false, reasons: ["missingPrice"] });
    expect(inFeed({ ...base, confirmedPhotos: 0 }, w)).toEqual({ out: false, reasons: ["noConfirmedPhoto"] });
    // The inventory shows a card without a price or photo.
    expect(inInventory({ ...base, askingPrice: null, confirmedPhotos: 0 }, w).out).toBe(true);
  });

  it("gives every reason at once", () => {
    expect(inFeed({ ...base, published: false, syndicate: false, askingPrice: null, confirmedPhotos: 0, isActive: false }, w)).toEqual({
      out: false,
      reasons: ["notPublished", "notSyndicated", "missingPrice", "noConfirmedPhoto", "inactive"],
    });
  });
});
