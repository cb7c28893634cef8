// Runs only against PostgreSQL (vitest.config.ts adds *.pg-test.ts when TEST_DATABASE_URL is set):
// a commit on one app server is seen in progress by another that shares only the database,
// through LISTEN/NOTIFY, while the commit's transaction is still open.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CSV_TEMPLATE_COLUMNS } from "../../../shared/csv-columns.js";
import { MARKETING_CATEGORIES, OFFERING_TYPES } from "../../../shared/schema.js";
import { notifyThrough } from "../../events/local-writes.js";
import { startChangeBus, type Progress } from "../../events/change-bus.js";
import { createTestContext, type TestContext } from "../../test/test-app.js";
import { CommitProgress } from "./commit-progress.js";
import { csvText } from "./import-fixtures.js";
import { commitImport, getImportDto, previewImport } from "./service.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const row = (i: number) => [`Listing ${i}`, `${i} Main St`, "Morgantown", "WV", OFFERING_TYPES[0], "An office.", MARKETING_CATEGORIES[0], "", "", "", "", "true"];

describe("commit progress on another server", () => {
  it("is heard there while the commit runs, and gone once it is committed", async () => {
    const here = new CommitProgress({ bus: ctx.changes, send: notifyThrough(ctx.db) });
    // The other server: its own LISTEN connection and its own memory.
    const other = await startChangeBus(ctx.database);
    const there = new CommitProgress({ bus: other.bus });
    const heard: (Progress & { committed: boolean })[] = [];
    let release = () => {};
    let committed = false;
    other.bus.onProgress((p) => heard.push({ ...p, committed }));
    try {
      const user = await ctx.createUser({ isAdmin: true });
      const content = csvText([...CSV_TEMPLATE_COLUMNS], Array.from({ length: 40 }, (_, i) => row(i + 1)));
      const preview = await previewImport(ctx.db, { fileName: "progress.csv", content, encoding: "text" }, user.id);
      const key = `import:${preview.id}`;
      // Someone else holds the import's row, so the commit waits inside its transaction.
      const held = new Promise<void>((resolve) => (release = resolve));
      let locked!: () => void;
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      const holder = ctx.db.transaction(async (tx) => {
        await tx.execute(sql`select 1 from imports where id = ${preview.id} for update`);
        locked();
        await held;
      });
      await isLocked;
      const commit = commitImport(ctx.db, preview.id, user, here);
      await expect.poll(() => there.of(preview.id), { timeout: 5_000 }).toEqual({ done: 0, total: 40 });
      expect(heard.filter((h) => h.key === key)).toEqual([{ key, done: 0, total: 40, userId: user.id, committed: false }]);
      release();
      await holder;
      const reply = await commit;
      committed = true;
      expect(reply.successful).toHaveLength(40);
      await expect.poll(() => heard.some((h) => h.key === key && h.over), { timeout: 5_000 }).toBe(true);
      expect(there.of(preview.id)).toBeUndefined();
      expect((await getImportDto(ctx.db, preview.id, user, there)).status).toBe("committed");
    } finally {
      release();
      await other.stop();
    }
  });
});
