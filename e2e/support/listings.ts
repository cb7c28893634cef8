// Listings, agents and notes made through the API with a signed-in context's request client,
// for journeys that need data on screen without clicking through the forms.
import { expect } from "vitest";
import type { BrowserContext } from "playwright-core";
import type { AgentWithCount, InsertListing, ListingFormValues, ListingWithMeta } from "../../shared/schema";

let sequence = 0;

export type NewListing = Partial<InsertListing> & { listingName?: string };

export function listingInput(overrides: NewListing = {}): ListingFormValues {
  sequence += 1;
  return {
    listingName: `Test Listing ${sequence}`,
    address: `${100 + sequence} Market Street`,
    city: "Morgantown",
    state: "WV",
    offeringType: "Sell",
    propertyDescription: "A bright corner office with parking and signage on a busy street.",
    marketingCategory: "Double",
    notes: null,
    marketingCategoryReference: null,
    marketingFlyerLink: null,
    looplinkLink: null,
    googleDriveLink: null,
    dropboxLink: null,
    imageUrl: null,
    agentId: null,
    ...overrides,
  };
}

export async function createListing(context: BrowserContext, overrides: NewListing = {}): Promise<ListingWithMeta> {
  const res = await context.request.post("/api/listings", { data: listingInput(overrides) });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as ListingWithMeta;
}

/** Creates `count` listings, `concurrency` requests at a time. */
export async function createListings(
  context: BrowserContext,
  count: number,
  make: (i: number) => NewListing,
  concurrency = 12,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      const res = await context.request.post("/api/listings", { data: listingInput(make(i)) });
      if (res.status() !== 201) throw new Error(`listing ${i}: HTTP ${res.status()} ${await res.text()}`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

export async function getListing(context: BrowserContext, id: string): Promise<ListingWithMeta> {
  const res = await context.request.get(`/api/listings/${id}`);
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as ListingWithMeta;
}

export async function createAgent(context: BrowserContext, name: string, contact: { email?: string; phone?: string } = {}): Promise<AgentWithCount> {
  const res = await context.request.post("/api/agents", { data: { name, ...contact } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as AgentWithCount;
}

export async function addNote(context: BrowserContext, listingId: string, content: string): Promise<{ id: number }> {
  const res = await context.request.post(`/api/listings/${listingId}/notes`, { data: { content } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number };
}

/** A short random word that appears in nothing else, to scope a test's listings with the search box. */
export const uniqueToken = (prefix: string) => `${prefix}${Math.random().toString(36).slice(2, 8)}`;
