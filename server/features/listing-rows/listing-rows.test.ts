// What both importers share:
// matching rows to listings by name and address, and agent names (the import lock: import-lock.pg-test.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAgent, createListing } from "../../test/factories.js";
import { createTestContext, type TestContext } from "../../test/test-app.js";
import { agentResolverFor, matchListings } from "./service.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe("matchListings", () => {
  it("finds a listing by name and address ignoring case and extra spaces, and gives equal keys whoever computes them", async () => {
    const listing = await createListing(ctx.db, { listingName: "Harbor  Point Plaza", address: "12 Water Street" });
    const pairs = [
      { name: "  harbor point PLAZA ", address: "12   water street" },
      { name: "Café Harbor", address: "1 Rue d'Été" },
      { name: "Nowhere Yet", address: "9 Blank Road" },
    ];
    const [here, there] = await ctx.db.transaction(async (tx) => [
      await matchListings(tx, pairs, { asciiKeysHere: true }),
      await matchListings(tx, pairs, { asciiKeysHere: false }),
    ]);
    expect(here[0].existing).toEqual([{ id: listing.id, agentId: null }]);
    expect(here[1].existing).toEqual([]);
    expect(here[2].existing).toEqual([]);
    expect(here.map((m) => m.key)).toEqual(there.map((m) => m.key));
  });
});

describe("agentResolverFor", () => {
  it("reads an agent's name ignoring case and spaces, and settles a shared name by the listing's current agent", async () => {
    const solo = await createAgent(ctx.db, { name: "Rita Moreno" });
    const first = await createAgent(ctx.db, { name: "Sam Lee" });
    const second = await createAgent(ctx.db, { name: "sam  lee" });
    const resolve = await ctx.db.transaction((tx) => agentResolverFor(tx));
    expect(resolve(" rita   MORENO", [])).toEqual({ agentId: solo.id });
    expect(resolve("", [])).toEqual({ agentId: null });
    expect(resolve("Sam Lee", [second.id])).toEqual({ agentId: second.id });
    expect(resolve("Sam Lee", [])).toEqual({ error: 'Agent "Sam Lee" matches 2 agents with that name; choose the agent in the import dialog instead.' });
    expect(resolve("Nobody", [first.id])).toEqual({
      error: 'Agent "Nobody" was not found. Add the agent on the Agents page first, or leave the cell blank.',
    });
  });
});
