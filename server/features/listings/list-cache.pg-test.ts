// Runs only against PostgreSQL (vitest.config.ts adds *.pg-test.ts when TEST_DATABASE_URL is set):
// two app servers on one database, each with its own change bus and its own listings kept in
// memory (docs/decisions/229-list-from-cached-listings.md). A change made through one shows in
// the other's next list once its NOTIFY is heard there, and in the writer's own next read at once.
import supertest from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startChangeBus, type ChangeBus } from "../../events/change-bus.js";
import { validListingInput } from "../../test/factories.js";
import { buildApp, createTestContext, type TestContext } from "../../test/test-app.js";
import { TEST_PASSWORD } from "../../test/test-constants.js";
import { listListingsJson } from "./data.js";

let ctx: TestContext;
let otherBus: { bus: ChangeBus; stop(): Promise<void> };
let onA: supertest.Agent;
let onB: supertest.Agent;

beforeAll(async () => {
  ctx = await createTestContext();
  otherBus = await startChangeBus(ctx.database);
  otherBus.bus.subscribe((message) => {
    if (message.type !== "change" || message.change.kind !== "listings") return;
    for (const id of message.change.ids ?? []) heardOnB.set(String(id), heard(String(id)) + 1);
  });
  const b = buildApp(ctx.db, { changes: otherBus.bus });
  const user = await ctx.createUser();
  onA = await ctx.signIn(user);
  onB = supertest.agent(b);
  await onB.post("/api/login").send({ username: user.username, password: TEST_PASSWORD }).expect(200);
});
afterAll(async () => {
  await otherBus?.stop();
  await ctx.close();
});

/** How many changes of each listing server B's bus has heard. */
const heardOnB = new Map<string, number>();
const heard = (id: string) => heardOnB.get(id) ?? 0;
/** Waits until B has heard one more change of the listing than `before`. */
const untilHeardOnB = (id: string, before: number) => expect.poll(() => heard(id), { timeout: 10_000 }).toBeGreaterThan(before);

const activeOn = async (agent: supertest.Agent) => {
  const res = await agent.get("/api/listings/active").expect(200);
  expect(res.text).toBe(await listListingsJson(ctx.db, "active"));
  return res.body as { id: string; listingName: string }[];
};

describe("the listing lists on two servers", () => {
  it("a listing added, edited and deleted through A shows in B's next list", async () => {
    await activeOn(onB); // B's listings are in memory before the changes
    const created = await onA.post("/api/listings").send(validListingInput({ listingName: "Across Town" })).expect(201);
    const id: string = created.body.id;
    // The writer's own next read, on A, shows it at once.
    expect((await activeOn(onA)).map((l) => l.id)).toContain(id);
    await untilHeardOnB(id, 0);
    expect((await activeOn(onB)).map((l) => l.id)).toContain(id);

    let before = heard(id);
    await onA.put(`/api/listings/${id}`).send({ listingName: "Across The River" }).expect(200);
    await untilHeardOnB(id, before);
    expect((await activeOn(onB)).find((l) => l.id === id)?.listingName).toBe("Across The River");

    before = heard(id);
    await onA.delete(`/api/listings/${id}`).expect(204);
    await untilHeardOnB(id, before);
    expect((await activeOn(onB)).map((l) => l.id)).not.toContain(id);
  });
});
