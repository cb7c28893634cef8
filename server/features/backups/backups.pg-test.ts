// Backups on PostgreSQL, where the path differs: pg_dump on an exported snapshot while writes go
// on, restored into a fresh database with pg_restore; and the move from the embedded database to
// PostgreSQL, an embedded backup restored into an empty PostgreSQL database.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { toPublicUser } from "../../../shared/schema.js";
import { openPostgres, type Database } from "../../db/database.js";
import { listingNotes, listings, users } from "../../db/tables.js";
import { createListing } from "../../test/factories.js";
import { TEMPLATE_DB, withDatabaseName } from "../../test/postgres-url.js";
import { createEmbeddedTestDatabase } from "../../test/test-database.js";
import { addNote } from "../notes/service.js";
import { insertUser } from "../users/service.js";
import { restoreBackup } from "./restore.js";
import { takeBackup } from "./take-backup.js";
import { distinctPng, TEST_BACKUP_KEY } from "./test-support.js";
import { TIMEOUT } from "../../../testing/timeouts.ts";

const adminUrl = process.env.TEST_DATABASE_URL!;
const root = fs.mkdtempSync(path.join(os.tmpdir(), "backups-pg-"));
const made: string[] = [];
const open: Database[] = [];

async function newDatabase(template?: string): Promise<string> {
  const name = `app_test_backup_${randomBytes(5).toString("hex")}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ""}`);
  await client.end();
  made.push(name);
  return withDatabaseName(adminUrl, name);
}

afterAll(async () => {
  for (const database of open) await database.close().catch(() => {});
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  for (const name of made) await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await client.end();
  fs.rmSync(root, { recursive: true, force: true });
});

async function opened(url: string) {
  const database = await openPostgres(url, { migrate: false });
  open.push(database);
  return database;
}

describe("backups on PostgreSQL", () => {
  it("pg_dump takes a consistent snapshot while listings keep coming, and it restores into a fresh database", async () => {
    const sourceUrl = await newDatabase(TEMPLATE_DB);
    const source = await opened(sourceUrl);
    const author = await insertUser(source.db, { username: "writer", password: "x", email: null, isAdmin: true });
    const images = path.join(root, "objects");
    fs.mkdirSync(path.join(images, "images"), { recursive: true });
    fs.writeFileSync(path.join(images, "images", "1c9ac8d7-55e6-4f4b-bacf-160e056cb394"), await distinctPng(7));

    const acked: string[] = [];
    let writing = true;
    const writer = (async () => {
      while (writing) {
        const listing = await createListing(source.db);
        await addNote(source.db, toPublicUser(author), listing.id, `about ${listing.listingName}`);
        acked.push(listing.id);
      }
    })();
    while (acked.length < 5) await new Promise((r) => setTimeout(r, 20));
    const before = [...acked];
    const { file, manifest } = await takeBackup({ db: source.db, databaseUrl: sourceUrl, images: { storage: "local", dir: images }, key: TEST_BACKUP_KEY }, path.join(root, "backups"));
    writing = false;
    await writer;
    expect(manifest.database).toMatchObject({ driver: "postgres", part: "database.pgdump" });
    expect(manifest.database.rows.listings).toBeGreaterThanOrEqual(before.length);

    const targetUrl = await newDatabase();
    const dataDir = path.join(root, "restored");
    await restoreBackup(file, { dataDir, databaseUrl: targetUrl, localImages: true, trust: [TEST_BACKUP_KEY] }, { force: false });
    const target = await opened(targetUrl);
    const restored = new Set((await target.db.select({ id: listings.id }).from(listings)).map((r) => r.id));
    expect(restored.size).toBe(manifest.database.rows.listings);
    for (const id of before) expect(restored.has(id)).toBe(true);
    const notes = await target.db.select({ listingId: listingNotes.listingId }).from(listingNotes);
    expect(notes).toHaveLength(manifest.database.rows.listing_notes);
    for (const id of before) expect(notes.some((n) => n.listingId === id)).toBe(true);
    expect(fs.readFileSync(path.join(dataDir, "objects", "images", "1c9ac8d7-55e6-4f4b-bacf-160e056cb394")).equals(await distinctPng(7))).toBe(true);

    // Not over a database that holds data, unless --force; with it, all of it is replaced.
    await expect(restoreBackup(file, { dataDir: path.join(root, "elsewhere"), databaseUrl: targetUrl, localImages: true, trust: [TEST_BACKUP_KEY] }, { force: false })).rejects.toThrow(
      /already holds tables/,
    );
    await restoreBackup(file, { dataDir: path.join(root, "elsewhere"), databaseUrl: targetUrl, localImages: true, trust: [TEST_BACKUP_KEY] }, { force: true });
    expect(await target.db.select().from(listings)).toHaveLength(manifest.database.rows.listings);
  }, TIMEOUT.longJob);

  it("moves an embedded workspace into an empty PostgreSQL database, ids and sequences included", async () => {
    const embedded = await createEmbeddedTestDatabase();
    open.push(embedded);
    const author = await insertUser(embedded.db, { username: "mover", password: "x", email: null, isAdmin: true });
    const listing = await createListing(embedded.db, { listingName: "Moved Listing" });
    const note = await addNote(embedded.db, toPublicUser(author), listing.id, "moved with it");
    const { file, manifest } = await takeBackup({ db: embedded.db, images: { storage: "local", dir: path.join(root, "no-images") }, key: TEST_BACKUP_KEY }, path.join(root, "embedded"));
    expect(manifest.database.driver).toBe("pglite");

    const targetUrl = await newDatabase();
    await restoreBackup(file, { dataDir: path.join(root, "moved"), databaseUrl: targetUrl, localImages: true, trust: [TEST_BACKUP_KEY] }, { force: false });
    const target = await opened(targetUrl);
    expect(await target.db.select({ name: listings.listingName }).from(listings).where(eq(listings.id, listing.id))).toEqual([{ name: "Moved Listing" }]);
    expect((await target.db.select().from(listingNotes))[0]).toMatchObject({ id: note.id, content: "moved with it" });
    // New rows continue after the moved ones rather than colliding with them.
    const next = await insertUser(target.db, { username: "after-move", password: "x", email: null, isAdmin: false });
    expect(next.id).toBeGreaterThan(author.id);
    expect((await target.db.select().from(users)).map((u) => u.username).sort()).toEqual(["after-move", "mover"]);
  }, TIMEOUT.longJob);
});
