// A brokerage's inventory as a visitor finds it, made through the API: many published listings
// with a photo each and a place on the map, shown in the inventory.
import type { BrowserContext } from "playwright-core";
import { expect } from "vitest";
import { png } from "./images";
import { createListing } from "./listings";
import { addPhoto } from "./public-page";

const CITIES = [
  { city: "Pittsburgh", state: "PA", latitude: 40.44, longitude: -79.99 },
  { city: "Wheeling", state: "WV", latitude: 40.06, longitude: -80.72 },
  { city: "Morgantown", state: "WV", latitude: 39.63, longitude: -79.95 },
  { city: "Akron", state: "OH", latitude: 41.08, longitude: -81.52 },
  { city: "Erie", state: "PA", latitude: 42.13, longitude: -80.08 },
  { city: "Columbus", state: "OH", latitude: 39.96, longitude: -83.0 },
] as const;
const TYPES = ["Industrial", "Office", "Retail", "Flex", "Land", "Mixed Use"] as const;

/**
 * `count` listings, each with an agent-less sale or lease offer, a landscape photo of its own and
 * coordinates, published and shown in the inventory (made `concurrency` at a time); their names
 * start with `prefix`.
 */
export async function publishedInventory(context: BrowserContext, prefix: string, count: number, concurrency = 4): Promise<void> {
  let next = 0;
  const one = async (i: number) => {
    const place = CITIES[i % CITIES.length];
    const lease = i % 3 === 0;
    const listing = await createListing(context, {
      listingName: `${prefix} ${TYPES[i % TYPES.length]} ${i + 1}`,
      propertyType: TYPES[i % TYPES.length],
      offeringType: lease ? "Lease" : "Sell",
      ...(lease ? { leaseRate: 8 + (i % 7), leaseRateUnit: "per SF/yr" } : { askingPrice: 450_000 + i * 85_000 }),
      buildingSizeSf: 6_000 + i * 1_250,
      city: place.city,
      state: place.state,
      // Spread around each city, so the map frames distinct dots.
      latitude: place.latitude + ((i % 5) - 2) * 0.02,
      longitude: place.longitude + ((i % 4) - 2) * 0.02,
    });
    await addPhoto(context, listing.id, await png(1500, 1000, { r: (60 + i * 37) % 200, g: (90 + i * 53) % 200, b: (120 + i * 71) % 200 }));
    const published = await context.request.put(`/api/listings/${listing.id}/publication`, { data: { published: true, inventory: true } });
    expect(published.status(), await published.text()).toBe(200);
  };
  const worker = async () => {
    while (next < count) await one(next++);
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}
