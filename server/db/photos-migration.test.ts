// Migration 0012_listing_photos: every
// listing with an image gets a one-photo gallery with it as the cover; an upload is confirmed, an
// image pulled from a flyer or kept elsewhere waits for a person to confirm.
import type { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseBefore, type DatabaseBefore } from "../test/migrations-before.js";
import { TIMEOUT } from "../../testing/timeouts.ts";

const UPLOADED = "11111111-1111-4111-8111-111111111111";
const PULLED = "22222222-2222-4222-8222-222222222222";

let db: DatabaseBefore;
let client: PGlite;
beforeAll(async () => {
  db = await databaseBefore("_listing_photos");
  client = db.client;
  await client.query(`insert into users (username, password) values ('dana', 'x')`);
  await client.query(`
    insert into uploaded_objects (key, user_id, status, content_type, size)
    values ('${UPLOADED}', 1, 'stored', 'image/png', 10), ('${PULLED}', 1, 'stored', 'image/jpeg', 20)`);
  await client.query(`
    insert into audit_events (actor_id, kind, data)
    values (1, 'flyer.image-extracted', '{"flyerUrl": "https://brokers.example.com/flyer.pdf", "imageUrl": "/api/objects/images/${PULLED}"}')`);
  await client.query(`
    insert into listings (listing_name, address, city, state, offering_type, property_description, marketing_category, image_url, version)
    values ('Uploaded', '1 Main', 'Morgantown', 'WV', 'Sell', 'd', 'Single', '/api/objects/images/${UPLOADED}', 3),
           ('Pulled', '2 Main', 'Morgantown', 'WV', 'Sell', 'd', 'Single', '/api/objects/images/${PULLED}', 1),
           ('Elsewhere', '3 Main', 'Morgantown', 'WV', 'Sell', 'd', 'Single', 'https://cdn.example.com/a.jpg', 1),
           ('None', '4 Main', 'Morgantown', 'WV', 'Sell', 'd', 'Single', null, 1)`);
}, TIMEOUT.slow);
afterAll(() => db.close());

describe("listing photos migration", () => {
  it("gives each listing with an image a one-photo gallery, its rights as its origin says, and leaves versions alone", async () => {
    await db.migrateRest();
    const rows = (
      await client.query<{ listing_name: string; url: string; is_cover: boolean; position: number; kind: string; caption: string; source_url: string | null; rights_confirmed: boolean }>(
        `select l.listing_name, p.url, p.is_cover, p.position, p.kind, p.caption, p.source_url, p.rights_confirmed
         from listing_photos p join listings l on l.id = p.listing_id order by l.listing_name`,
      )
    ).rows;
    expect(rows).toEqual([
      { listing_name: "Elsewhere", url: "https://cdn.example.com/a.jpg", is_cover: true, position: 0, kind: "photo", caption: "", source_url: "https://cdn.example.com/a.jpg", rights_confirmed: false },
      { listing_name: "Pulled", url: `/api/objects/images/${PULLED}`, is_cover: true, position: 0, kind: "photo", caption: "", source_url: "https://brokers.example.com/flyer.pdf", rights_confirmed: false },
      { listing_name: "Uploaded", url: `/api/objects/images/${UPLOADED}`, is_cover: true, position: 0, kind: "photo", caption: "", source_url: null, rights_confirmed: true },
    ]);
    const versions = (await client.query<{ listing_name: string; version: number }>(`select listing_name, version from listings order by listing_name`)).rows;
    expect(versions.map((v) => v.version)).toEqual([1, 1, 1, 3]);
    const pulled = (await client.query<{ source_url: string }>(`select source_url from uploaded_objects where key = '${PULLED}'`)).rows[0];
    expect(pulled.source_url).toBe("https://brokers.example.com/flyer.pdf");
  });
});
