// Migration 0005_posts_objects turns the posts stored as texts into objects with platforms: a set of ten
// by the old plan's places, anything else as "other"; texts stay as they were.
import type { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseBefore, type DatabaseBefore } from "../test/migrations-before.js";

import { TIMEOUT } from "../../testing/timeouts.ts";

let db: DatabaseBefore;
let client: PGlite;
beforeAll(async () => {
  db = await databaseBefore("_posts_objects");
  client = db.client;
  await client.query(`
    insert into listings (listing_name, address, city, state, offering_type, property_description, marketing_category, ai_generated_posts)
    values ('Ten', '1 Main', 'Morgantown', 'WV', 'Sell', 'd', 'Single', array['p1','p2','p3','p4','Subject: p5','p6','p7','p8','p9','text p10']),
           ('Two', '2 Main', 'Morgantown', 'WV', 'Sell', 'd', 'Single', array['only one', 'and two']),
           ('None', '3 Main', 'Morgantown', 'WV', 'Sell', 'd', 'Single', '{}')`);
}, TIMEOUT.slow);
afterAll(() => db.close());

describe("posts migration", () => {
  it("turns stored texts into posts with platforms, writer and source unknown", async () => {
    await db.migrateRest();
    const rows = (
      await client.query<{ listing_name: string; posts: { platform: string; text: string }[]; ai_generated_posts: string[]; posts_writer: string | null; posts_source: string | null }>(
        `select listing_name, posts, ai_generated_posts, posts_writer, posts_source from listings order by listing_name`,
      )
    ).rows;
    const by = Object.fromEntries(rows.map((r) => [r.listing_name, r]));
    expect(by.Ten.posts.map((p) => p.platform)).toEqual(["linkedin", "facebook", "instagram", "x", "other", "linkedin", "facebook", "instagram", "x", "other"]);
    expect(by.Ten.posts.map((p) => p.text)).toEqual(by.Ten.ai_generated_posts);
    expect(by.Two.posts).toEqual([{ platform: "other", text: "only one" }, { platform: "other", text: "and two" }]);
    expect(by.None.posts).toEqual([]);
    for (const r of rows) expect(r).toMatchObject({ posts_writer: null, posts_source: null });
  });
});
