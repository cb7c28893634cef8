// Property: exporting listings and importing that very file changes nothing and reports every row
// unchanged; no exported cell starts with a character a spreadsheet would run as a formula.
import fc from "fast-check";
import { asc, desc, eq } from "drizzle-orm";
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Agent as AgentRow } from "../../../shared/schema.js";
import { auditEvents, listings } from "../../db/tables.js";
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

const snapshot = () => ctx.db.select().from(listings).orderBy(asc(listings.id));
const exportText = async () => (await exportCsv(member)).text;

describe("CSV round trip", () => {
  it("export then import changes nothing (facts included), reports every row unchanged, and never starts a cell with a formula", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(listingArb, { minLength: 1, maxLength: 8 }), async (generated) => {
        await ctx.db.delete(listings);
        await ctx.db.insert(listings).values(
          generated.map(({ agent, facts, ...values }) => ({ ...values, ...facts, agentId: agent < 0 ? null : agents[agent].id })),
        );
        const before = await snapshot();

        const text = await exportText();
        const cells = Papa.parse<string[]>(text.replace(/^\uFEFF/, ""), { skipEmptyLines: true }).data.flat();
        for (const cell of cells) expect(cell).not.toMatch(/^[=+\-@\t\r]/);

        const res = await member.post("/api/listings/import").send({ csvData: text });
        expect(res.status).toBe(200);
        expect(res.body.failed).toEqual([]);
        expect(res.body.ignoredColumns).toEqual([]);
        expect(res.body.successful).toHaveLength(generated.length);
        expect(res.body.successful.every((s: { action: string }) => s.action === "unchanged")).toBe(true);
        expect(await snapshot()).toEqual(before);
        // The log agrees: nothing updated.
        const [entry] = await ctx.db.select({ data: auditEvents.data }).from(auditEvents).where(eq(auditEvents.kind, "csv.imported")).orderBy(desc(auditEvents.id)).limit(1);
        expect(entry.data).toMatchObject({ updated: 0, unchanged: generated.length });
      }),
      { numRuns: 25 },
    );
  });
});
