import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openPglite, type Database } from "../../server/db/database.js";

/** A migrated PGlite database in a new temp folder; `dispose` closes it and deletes the folder. */
export async function openThrowawayDatabase(): Promise<{ database: Database; dispose(): Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-db-"));
  try {
    const database = await openPglite(dir);
    return {
      database,
      dispose: async () => {
        await database.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw err;
  }
}
