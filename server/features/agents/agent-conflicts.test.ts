// Edit conflicts for agents: an edit from an older version of an agent gets 412.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { versionTag } from "../../../shared/edit-conflicts.js";
import { agents } from "../../db/tables.js";
import { createAgent } from "../../test/factories.js";
import { createTestContext, type TestClient, type TestContext } from "../../test/test-app.js";

let ctx: TestContext;
let alice: TestClient;
let bob: TestClient;
let bobName: string;
beforeAll(async () => {
  ctx = await createTestContext();
  alice = (await ctx.userAgent()).agent;
  const b = await ctx.userAgent();
  bob = b.agent;
  bobName = b.user.username;
});
afterAll(() => ctx.close());

const stored = async (id: string) => (await ctx.db.select().from(agents).where(eq(agents.id, id)))[0];
const tag = (id: string, v: number) => versionTag("agent", id, v);

describe("PATCH /api/agents/:id with If-Match", () => {
  it("lists agents with their version and saves from the current one, raising it", async () => {
    const agent = await createAgent(ctx.db);
    const listed = (await alice.get("/api/agents")).body.find((a: { id: string }) => a.id === agent.id);
    expect(listed.version).toBe(1);
    const res = await alice.patch(`/api/agents/${agent.id}`).set("If-Match", tag(agent.id, 1)).send({ phone: "304-555-0199" });
    expect(res.status).toBe(200);
    expect(res.headers.etag).toBe(tag(agent.id, 2));
    expect(res.body).toMatchObject({ phone: "304-555-0199", version: 2 });
  });

  it("refuses a stale version with 412, the agent as it is now and who saved it, and changes nothing", async () => {
    const agent = await createAgent(ctx.db);
    expect((await bob.patch(`/api/agents/${agent.id}`).send({ name: "Bob's name" })).status).toBe(200);
    const before = await stored(agent.id);
    const res = await alice.patch(`/api/agents/${agent.id}`).set("If-Match", tag(agent.id, 1)).send({ name: "Alice's name" });
    expect(res.status).toBe(412);
    expect(res.body).toMatchObject({
      message: "Someone else saved this agent after you opened it.",
      changedBy: bobName,
      current: { id: agent.id, name: "Bob's name", version: 2 },
    });
    expect(await stored(agent.id)).toEqual(before);
  });

  it("of 20 concurrent edits from the same version, exactly one lands", async () => {
    const agent = await createAgent(ctx.db);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => alice.patch(`/api/agents/${agent.id}`).set("If-Match", tag(agent.id, 1)).send({ name: `N ${i}` })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 412)).toHaveLength(19);
  });

  it("answers 404 for an agent that is gone", async () => {
    const res = await alice.patch("/api/agents/00000000-0000-4000-8000-000000000000").set("If-Match", '"x"').send({ name: "x" });
    expect(res.status).toBe(404);
  });
});
