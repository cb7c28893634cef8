// PGlite in a data folder keeps a bounded number of files open however many relations it
// touches: PostgreSQL's default of 1,000 would let the
// database alone take most of a common open-file limit.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { DATABASE_DESCRIPTORS, openPglite } from "./database.js";
import { TIMEOUT } from "../../testing/timeouts.ts";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pglite-files-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** The descriptors this process holds on files in the data folder. */
function openInDataDir() {
  return fs.readdirSync("/proc/self/fd").filter((fd) => {
    try {
      return fs.readlinkSync(`/proc/self/fd/${fd}`).startsWith(dataDir);
    } catch {
      return false; // closed meanwhile (the readdir's own descriptor)
    }
  }).length;
}

describe("PGlite's open files", () => {
  it("stay within the database's share of the descriptors while it touches more relations than that", async () => {
    const database = await openPglite(dataDir);
    try {
      // Each table with its index and sequence is several files: well past the cap in all.
      for (let i = 0; i < 150; i++) {
        await database.db.execute(sql.raw(`create table probe_${i} (id serial primary key, v text)`));
        await database.db.execute(sql.raw(`insert into probe_${i} (v) values ('x')`));
      }
      for (let i = 0; i < 150; i++) await database.db.execute(sql.raw(`select v from probe_${i} where id = 1`));
      expect(openInDataDir()).toBeLessThanOrEqual(DATABASE_DESCRIPTORS.pglite);
      expect(openInDataDir()).toBeGreaterThan(DATABASE_DESCRIPTORS.pglite / 2);
    } finally {
      await database.close();
    }
  }, TIMEOUT.slow);
});
