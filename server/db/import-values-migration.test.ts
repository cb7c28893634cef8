// Migration 0008 moves a staged import row's values from json into columns typed as in listings:
// a preview staged before the upgrade still commits what it showed, and
// the rows of committed imports keep what undo reads.
import type { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseBefore, type DatabaseBefore } from "../test/migrations-before.js";
import { TIMEOUT } from "../../testing/timeouts.ts";

const VALUES = {
  listingName: "Corner Café, Suite \\1",
  address: "1 Main St",
  city: "Morgantown",
  state: "WV",
  offeringType: "Lease",
  propertyDescription: "Line one\nline two",
  marketingCategory: "Homerun",
  isActive: false,
  propertyType: "Retail",
  askingPrice: 1_250_000,
  leaseRate: 18.5,
  leaseRateUnit: "per SF/yr",
  lotSizeAcres: 1.375,
  capRate: 6.25,
  yearBuilt: 1987,
  listingDate: "2026-03-01",
};

let db: DatabaseBefore;
let client: PGlite;
beforeAll(async () => {
  db = await databaseBefore("_import_typed_values");
  client = db.client;
  await client.query(`
    insert into imports (id, file_name, status, signature, preview, fields, expires_at)
    values ('staged', 'a.csv', 'staged', 's', '{}', '{}', now() + interval '1 hour'),
           ('done', 'b.csv', 'committed', 's', '{}', '{}', now())`);
  await client.query(
    `insert into import_rows (import_id, row, action, listing_id, values, shown, before, written_version)
     values ('staged', 2, 'create', 'new-id', $1, '{}', null, null),
            ('staged', 3, 'fail', null, null, '{}', null, null),
            ('done', 2, 'update', 'old-id', $1, '{}', '{"city": "Wheeling"}', 4)`,
    [JSON.stringify(VALUES)],
  );
}, TIMEOUT.slow);
afterAll(() => db.close());

describe("import values migration", () => {
  it("gives a staged row's values their typed columns, and keeps what undo reads", async () => {
    await db.migrateRest();
    const rows = (await client.query<Record<string, unknown>>(`select *, lease_rate::text as lease_rate_text, lot_size_acres::text as lot_size_text, cap_rate::text as cap_rate_text,
        listing_date::text as listing_date_text from import_rows order by import_id desc, row`)).rows;
    expect(rows.map((r) => [r.import_id, r.row])).toEqual([["staged", 2], ["staged", 3], ["done", 2]]);
    expect(rows[0]).not.toHaveProperty("values");
    expect(rows[0]).toMatchObject({
      listing_name: VALUES.listingName,
      property_description: VALUES.propertyDescription,
      offering_type: "Lease",
      marketing_category: "Homerun",
      is_active: false,
      property_type: "Retail",
      asking_price: 1_250_000,
      lease_rate_unit: "per SF/yr",
      year_built: 1987,
      city: "Morgantown",
      notes: null,
      zoning: null,
    });
    expect([rows[0].lease_rate_text, rows[0].lot_size_text, rows[0].cap_rate_text, rows[0].listing_date_text]).toEqual(["18.50", "1.375", "6.25", "2026-03-01"]);
    expect(rows[1].listing_name).toBeNull();
    // A committed import's row keeps undo's columns; its values are not read again.
    expect(rows[2]).toMatchObject({ action: "update", before: { city: "Wheeling" }, written_version: 4, listing_name: null });
  });
});
