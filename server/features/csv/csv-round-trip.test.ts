// Property: exporting listings and importing that very file changes nothing and reports every row
// updated; no exported cell starts with a character a spreadsheet would run as a formula.
import fc from "fast-check";
import { asc } from "drizzle-orm";
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MARKETING_CATEGORIES, OFFERING_TYPES, STATE_CODES, type Agent as AgentRow } from "../../../shared/schema.js";
import { listings } from "../../db/tables.js";
import { createAgent } from "../../test/factories.js";
import { createTestContext, type TestClient, type TestContext } from "../../test/test-app.js";

let ctx: TestContext;
let member: TestClient;
let agents: AgentRow[];
beforeAll(async () => {
  ctx = await createTestContext();
  member = (await ctx.userAgent()).agent;
  agents = [await createAgent(ctx.db, { name: "Alex Stone" }), await createAgent(ctx.db, { name: "=Bea Formula" })];
});
afterAll(() => ctx.close());

// The characters that make CSV hard: delimiters, quotes, line breaks, formula starts, apostrophes,
// accents, emoji, and whitespace inside values.
const PIECES = [",", ";", '"', "'", "\n", "\r\n", "=", "+", "-", "@", "\t", " ", "  ", "é", "Straße", "😀", "a", "B", "7", "x y"];
const messyText = (max: number) =>
  fc
    .array(fc.oneof(fc.constantFrom(...PIECES), fc.string({ maxLength: 6 })), { minLength: 1, maxLength: 12 })
    .map((parts) => parts.join("").replaceAll("\u0000", "").trim().slice(0, max).trim())
    .filter((s) => s.length > 0);
const optional = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: null });
const link = fc.webUrl({ withQueryParameters: true, withFragments: true }).filter((u) => u.length <= 2048);

// Stored listings are what the shared schema lets in: trimmed text, blank optional text as null.
const listingArb = fc.record({
  listingName: fc.oneof(messyText(200), fc.constantFrom("Same Name", "same  NAME")),
  address: fc.oneof(messyText(200), fc.constant("1 Shared St")),
  city: messyText(100),
  state: fc.constantFrom(...STATE_CODES),
  offeringType: fc.constantFrom(...OFFERING_TYPES),
  propertyDescription: messyText(5000),
  marketingCategory: fc.constantFrom(...MARKETING_CATEGORIES),
  notes: optional(messyText(5000)),
  marketingCategoryReference: optional(messyText(200)),
  marketingFlyerLink: optional(link),
  looplinkLink: optional(link),
  googleDriveLink: optional(link),
  dropboxLink: optional(link),
  agent: fc.integer({ min: -1, max: 1 }),
  isActive: fc.boolean(),
});

const snapshot = () => ctx.db.select().from(listings).orderBy(asc(listings.id));
const exportText = async () =>
  (
    await member
      .post("/api/listings/export")
      .send({})
      .buffer(true)
      .parse((r, done) => {
        let text = "";
        r.setEncoding("utf8");
        r.on("data", (chunk: string) => (text += chunk));
        r.on("end", () => done(null, text));
      })
  ).body as string;

describe("CSV round trip", () => {
  it("export then import changes nothing, reports every row updated, and never starts a cell with a formula", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(listingArb, { minLength: 1, maxLength: 8 }), async (generated) => {
        await ctx.db.delete(listings);
        await ctx.db.insert(listings).values(
          generated.map(({ agent, ...values }) => ({ ...values, agentId: agent < 0 ? null : agents[agent].id })),
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
        expect(res.body.successful.every((s: { action: string }) => s.action === "updated")).toBe(true);
        expect(await snapshot()).toEqual(before);
      }),
      { numRuns: 25 },
    );
  });
});
