// A published listing's public page to visit, made through the API.
import type { BrowserContext } from "playwright-core";
import { expect } from "vitest";
import type { ListingWithMeta } from "../../shared/schema";
import { createMember, MEMBER_PASSWORD, type Account } from "./accounts";
import { png } from "./images";
import { createAgent, createListing, uniqueToken } from "./listings";

/** Uploads a picture and adds it to the listing's photos (our own upload: its rights confirmed). */
export async function addPhoto(context: BrowserContext, listingId: string, picture: Buffer): Promise<void> {
  const upload = await context.request.post("/api/objects/upload");
  const { uploadURL } = (await upload.json()) as { uploadURL: string };
  const put = await context.request.put(uploadURL, { headers: { "Content-Type": "image/png" }, data: picture });
  expect(put.status()).toBe(200);
  const added = await context.request.post(`/api/listings/${listingId}/photos`, { data: { url: ((await put.json()) as { imageUrl: string }).imageUrl } });
  expect(added.status(), await added.text()).toBe(201);
}

/** A listing with an agent and three confirmed photos, published; its page's path. */
export async function publishedWithPhotos(context: BrowserContext, name: string, { indexable = false }: { indexable?: boolean } = {}): Promise<string> {
  const agent = await createAgent(context, `${name} Agent`, { phone: "(304) 555-0142", email: "agent@summit.example.com" });
  const listing = await createListing(context, {
    listingName: name,
    propertyType: "Industrial",
    offeringType: "Sell",
    askingPrice: 2_400_000,
    buildingSizeSf: 48_000,
    agentId: agent.id,
    city: "Wheeling",
    state: "WV",
    zip: "26003",
  });
  const colours = [{ r: 170, g: 51, b: 102 }, { r: 51, g: 102, b: 170 }, { r: 51, g: 170, b: 102 }];
  for (const [i, colour] of colours.entries()) {
    // Landscape, portrait, landscape: the viewer shows each whole.
    await addPhoto(context, listing.id, await png(i === 1 ? 800 : 1500, i === 1 ? 1200 : 1000, colour));
  }
  const published = await context.request.put(`/api/listings/${listing.id}/publication`, { data: { published: true, indexable } });
  expect(published.status()).toBe(200);
  return new URL(((await published.json()) as { url: string }).url).pathname;
}

/**
 * A member ("Marcus") signed in on `agentDesk`, whose agent profile "Marcus Reed …" is linked to his
 * account, and a sale listing of that profile published by `admin`: the set-up of the journeys
 * where a buyer on the public page reaches the listing's agent.
 */
export async function agentsPublishedListing(
  admin: BrowserContext,
  agentDesk: BrowserContext,
  listing: { name: string; askingPrice: number },
): Promise<{ marcus: Account & { email: string }; agentName: string; listing: ListingWithMeta; listingName: string; pagePath: string }> {
  const marcus = { username: uniqueToken("marcus"), password: MEMBER_PASSWORD, email: `${uniqueToken("marcus")}@example.com` };
  await createMember(admin, agentDesk, marcus);
  const { id: marcusId } = (await (await agentDesk.request.get("/api/user")).json()) as { id: number };
  const agentName = `Marcus Reed ${uniqueToken("")}`;
  const agent = await createAgent(admin, agentName, { email: marcus.email });
  const linked = await admin.request.patch(`/api/agents/${agent.id}`, { data: { userId: marcusId } });
  expect(linked.status(), await linked.text()).toBe(200);
  const made = await createListing(admin, { listingName: listing.name, agentId: agent.id, offeringType: "Sell", askingPrice: listing.askingPrice });
  const published = await admin.request.put(`/api/listings/${made.id}/publication`, { data: { published: true } });
  expect(published.status(), await published.text()).toBe(200);
  const pagePath = new URL(((await published.json()) as { url: string }).url).pathname;
  return { marcus, agentName, listing: made, listingName: listing.name, pagePath };
}
