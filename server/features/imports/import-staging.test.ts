// Staging goes through COPY's text format: whatever a cell holds —
// backslashes, tabs, line breaks, quotes, "\N", non-Latin text — reaches the staged rows, the
// failures file and the committed listing exactly as the file had it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CSV_TEMPLATE_COLUMNS } from "../../../shared/csv-columns.js";
import { MARKETING_CATEGORIES, OFFERING_TYPES } from "../../../shared/schema.js";
import { listings } from "../../db/tables.js";
import { contextWithMember, type TestClient, type TestContext } from "../../test/test-app.js";
import { csvText } from "./import-fixtures.js";

let ctx: TestContext;
let member: TestClient;
beforeAll(async () => {
  ({ ctx, member } = await contextWithMember());
});
afterAll(() => ctx.close());

const AWKWARD = ["C:\\Shares\\new\\tab", "\\N", "a\tb", "line one\nline two\r\nthree", 'say "hi"', "Zürich — 東京", "\\\\."];

describe("staging with COPY", () => {
  it("keeps every character of values, shown rows and failed cells", async () => {
    const row = (text: string, i: number, state = "WV") => [
      `${text} ${i}`,
      `${i} Main St`,
      "Morgantown",
      state,
      OFFERING_TYPES[0],
      `Description: ${text}`,
      MARKETING_CATEGORIES[0],
      text,
      "",
      "",
      "",
      "true",
    ];
    const content = csvText([...CSV_TEMPLATE_COLUMNS], [...AWKWARD.map((t, i) => row(t, i)), row(AWKWARD[0], 99, "Nowhere\\land")]);
    const preview = await member.post("/api/imports/preview").send({ fileName: "awkward.csv", encoding: "text", content });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.summary).toEqual({ create: AWKWARD.length, update: 0, unchanged: 0, fail: 1 });

    const rows = (await member.get(`/api/imports/${preview.body.id}/rows`).query({ limit: 50 })).body.rows as { listing: { name: string } }[];
    expect(rows.map((r) => r.listing.name)).toEqual([...AWKWARD.map((t, i) => `${t} ${i}`.trim()), `${AWKWARD[0]} 99`]);
    const failures = await member.get(`/api/imports/${preview.body.id}/failures.csv`);
    expect(failures.text).toContain("Nowhere\\land");

    expect((await member.post(`/api/imports/${preview.body.id}/commit`)).status).toBe(200);
    const stored = await ctx.db.select({ name: listings.listingName, description: listings.propertyDescription, notes: listings.notes }).from(listings);
    const byName = new Map(stored.map((l) => [l.name, l]));
    AWKWARD.forEach((text, i) => {
      const listing = byName.get(`${text} ${i}`.trim());
      expect(listing, text).toBeDefined();
      expect(listing!.description).toBe(`Description: ${text}`.trim());
      expect(listing!.notes).toBe(text.trim() || null);
    });
  });
});
