// The listing-facts migration adds columns to a full table without touching a row: a database
// migrated up to the migration before it, holding 10,000 listings written with that schema, is
// migrated the rest of the way and every row reads back the same, its new facts null.
import type { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LISTING_FACT_FIELDS } from "../../shared/listing-facts.js";
import { databaseBefore, type DatabaseBefore } from "../test/migrations-before.js";
import { TIMEOUT } from "../../testing/timeouts.ts";

const LISTINGS = 10_000;
const COLUMNS = ["property_type", "property_subtype", "zip", "asking_price", "lease_rate", "lease_rate_unit", "lease_type",
  "building_size_sf", "available_size_sf", "lot_size_acres", "year_built", "building_class", "cap_rate", "zoning",
  "deal_stage", "listing_date", "expiration_date"];


// Every column the older schema had, as one text per row, in id order.
const FINGERPRINT = `select md5(string_agg(l::text, '|' order by l.id)) as fp, count(*)::int as n from listings l`;

let db: DatabaseBefore;
let client: PGlite;
let before: { fp: string; n: number };
beforeAll(async () => {
  db = await databaseBefore("_listing_facts");
  client = db.client;
  const user = await client.query<{ id: number }>(`insert into users (username, password) values ('owner', 'x') returning id`);
  await client.query(`insert into agents (name) values ('Agent A')`);
  await client.query(`
    insert into listings (listing_name, address, city, state, offering_type, property_description, marketing_category,
      notes, looplink_link, agent_id, is_active, is_starred, ai_generated_posts, updated_by_id, created_at)
    select 'Listing ' || i, i || ' Main Street', 'Morgantown', 'WV',
      (array['Sell','Lease','Transfer'])[1 + i % 3]::offering_type, 'A retail building, number ' || i,
      (array['Single','Double','Triple','Homerun','Grand Slam'])[1 + i % 5]::marketing_category,
      case when i % 3 = 0 then 'Call first' end, case when i % 2 = 0 then 'https://www.loopnet.com/Listing/' || i end,
      case when i % 4 = 0 then (select id from agents limit 1) end, i % 10 < 7, i % 20 = 0,
      array['Post one ' || i, 'Post two ' || i], ${user.rows[0].id}, now() - i * interval '1 minute'
    from generate_series(1, ${LISTINGS}) as i`);
  before = (await client.query<{ fp: string; n: number }>(FINGERPRINT)).rows[0];
}, TIMEOUT.slow);
afterAll(() => db.close());

describe("listing facts migration", () => {
  it("adds the seventeen fact columns, nullable, and changes no existing row", async () => {
    expect(before.n).toBe(LISTINGS);
    // Read before migrating: later migrations add columns of their own.
    const oldColumns = (
      await client.query<{ column_name: string }>(`select column_name from information_schema.columns where table_name = 'listings' order by ordinal_position`)
    ).rows.map((c) => `l.${c.column_name}`);
    await db.migrateRest();

    const columns = await client.query<{ column_name: string; is_nullable: string; column_default: string | null }>(
      `select column_name, is_nullable, column_default from information_schema.columns where table_name = 'listings' and column_name = any($1)`,
      [COLUMNS],
    );
    expect(columns.rows.map((c) => c.column_name).sort()).toEqual([...COLUMNS].sort());
    expect(COLUMNS).toHaveLength(LISTING_FACT_FIELDS.length);
    for (const c of columns.rows) expect(c, c.column_name).toMatchObject({ is_nullable: "YES", column_default: null });

    // The same rows, read with the older schema's columns only.
    const after = (
      await client.query<{ fp: string; n: number }>(
        `select md5(string_agg(row(${oldColumns.join(", ")})::text, '|' order by l.id)) as fp, count(*)::int as n from listings l`,
      )
    ).rows[0];
    expect(after).toEqual(before);

    const withFacts = await client.query<{ n: number }>(
      `select count(*)::int as n from listings where ${COLUMNS.map((c) => `${c} is not null`).join(" or ")}`,
    );
    expect(withFacts.rows[0].n).toBe(0);
  });
});
