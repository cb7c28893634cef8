// Listings as the client receives them, for the unit tests of client logic.
import type { ListingSummary } from "@/features/listings/api/listing-types";

let sequence = 0;

/** A listing in the lists; only the fields a test names matter, the rest are plausible. */
export function listingItem(overrides: Partial<ListingSummary> = {}): ListingSummary {
  sequence += 1;
  const base = {
    id: `00000000-0000-4000-8000-${String(sequence).padStart(12, "0")}`,
    listingName: `Listing ${sequence}`,
    address: `${sequence} Market Street`,
    city: "Morgantown",
    state: "WV",
    offeringType: "Sell",
    propertyDescription: "A bright corner office.",
    marketingCategory: "Double",
    notes: null,
    marketingCategoryReference: null,
    marketingFlyerLink: null,
    looplinkLink: null,
    googleDriveLink: null,
    dropboxLink: null,
    imageUrl: null,
    agentId: null,
    isActive: true,
    isStarred: false,
    postsStatus: "ready",
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z",
    version: 1,
    updatedById: null,
    noteCount: 0,
    agentName: null,
  };
  // Cast: fields added to listings later get no value here unless a test needs them.
  return { ...base, ...overrides } as ListingSummary;
}
