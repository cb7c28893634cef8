import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { type Listing } from "../../../shared/schema.js";
import { listings } from "../../db/tables.js";
import { createAgent, validListingInput } from "../../test/factories.js";
import { createTestContext, type TestContext } from "../../test/test-app.js";

let ctx: TestContext | undefined;
afterEach(() => ctx?.close());

describe("onListingCreated", () => {
  it("receives the inserted listing, and its result is what POST answers", async () => {
    const seen: Listing[] = [];
    ctx = await createTestContext({
      onListingCreated: async (listing) => {
        seen.push(listing);
        const [row] = await ctx!.db.update(listings).set({ aiGeneratedPosts: ["post"] }).where(eq(listings.id, listing.id)).returning();
        return row;
      },
    });
    const { agent } = await ctx.userAgent();
    const broker = await createAgent(ctx.db, { name: "Sam" });
    const res = await agent.post("/api/listings").send(validListingInput({ listingName: "Hooked", agentId: broker.id }));
    expect(res.status).toBe(201);
    expect(seen.map((l) => l.listingName)).toEqual(["Hooked"]);
    expect(seen[0].id).toBe(res.body.id);
    expect(res.body).toMatchObject({ aiGeneratedPosts: ["post"], agentName: "Sam", noteCount: 0 });
  });

  it("still answers the created listing when the hook fails, so a retry does not create it twice", async () => {
    ctx = await createTestContext({ onListingCreated: () => Promise.reject(new Error("model offline")) });
    const { agent } = await ctx.userAgent();
    const res = await agent.post("/api/listings").send(validListingInput({ listingName: "Survivor" }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ listingName: "Survivor", aiGeneratedPosts: [] });
    expect((await agent.get(`/api/listings/${res.body.id}`)).status).toBe(200);
  });
});
