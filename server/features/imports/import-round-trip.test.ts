// Property: the listings export, read by the wizard with its suggested mapping, finds every row
// unchanged: the synonyms, value maps and cell readers agree with what export writes.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Agent as AgentRow } from "../../../shared/schema.js";
import { imports, listings } from "../../db/tables.js";
import { createAgent } from "../../test/factories.js";
import { listingArb } from "../../test/listing-arbitraries.js";
import { createTestContext, type TestClient, type TestContext } from "../../test/test-app.js";
import { exportCsv } from "../../test/export-csv.js";

let ctx: TestContext;
let member: TestClient;
let agents: AgentRow[];
beforeAll(async () => {
  ctx = await createTestContext();
  member = (await ctx.userAgent()).agent;
  agents = [await createAgent(ctx.db, { name: "Alex Stone" }), await createAgent(ctx.db, { name: "=Bea Formula" })];
});
afterAll(() => ctx.close());

const exportText = async () => (await exportCsv(member)).text;

describe("export → import wizard", () => {
  it("with the suggested mapping, every exported row is unchanged", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(listingArb, { minLength: 1, maxLength: 6 }), async (generated) => {
        await ctx.db.delete(imports);
        await ctx.db.delete(listings);
        await ctx.db.insert(listings).values(
          generated.map(({ agent, facts, ...values }) => ({ ...values, ...facts, agentId: agent < 0 ? null : agents[agent].id })),
        );
        // As a browser sends a file it cannot read as text: base64 of the bytes, BOM included.
        const content = Buffer.from(await exportText(), "utf8").toString("base64");
        const res = await member.post("/api/imports/preview").send({ fileName: "listings.csv", content, encoding: "base64" });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect(res.body.mapping).not.toContain(null);
        if (res.body.summary.unchanged !== generated.length) {
          const rows = await member.get(`/api/imports/${res.body.id}/rows`).query({ limit: 50 });
          expect(rows.body.rows.filter((r: { action: string }) => r.action !== "unchanged")).toEqual([]);
        }
        expect(res.body.summary).toEqual({ create: 0, update: 0, unchanged: generated.length, fail: 0 });
      }),
      // Each run reads a file in a worker thread and stages it: a few runs cover the shapes.
      { numRuns: 8 },
    );
  });
});
