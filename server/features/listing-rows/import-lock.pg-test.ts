// Runs only against PostgreSQL (vitest.config.ts adds *.pg-test.ts when TEST_DATABASE_URL is set):
// PGlite has a single connection, so two imports can never overlap there.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listings } from "../../db/tables.js";
import { contextWithMember, type TestClient, type TestContext } from "../../test/test-app.js";
import { csvFile, templateRow } from "../csv/csv-fixtures.js";

const IMPORT_LOCK_KEY = 7_240_118;

let ctx: TestContext;
let member: TestClient;
beforeAll(async () => {
  ({ ctx, member } = await contextWithMember());
});
afterAll(() => ctx.close());

describe("one import at a time", () => {
  it("answers 409 while another import holds the lock, without waiting for it", async () => {
    const file = csvFile([templateRow({ "Listing Name": "Waits Its Turn" })]);
    await ctx.db.transaction(async (tx) => {
      // Another import in progress, on another pooled connection.
      await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK_KEY})`);
      const res = await member.post("/api/listings/import").send({ csvData: file });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe("Another import is running. Please try again when it has finished.");
    });
    expect((await ctx.db.select().from(listings)).length).toBe(0);
    expect((await member.post("/api/listings/import").send({ csvData: file })).status).toBe(200);
  });
});
