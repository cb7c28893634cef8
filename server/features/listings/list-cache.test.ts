// The lists assembled from listings kept in memory one by one (list-cache.ts): after any change, made anywhere, the next
// list read shows it, byte for byte what the database renders.
import { eq } from "drizzle-orm";
import type supertest from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChangeKind } from "../../events/change-bus.js";
import { agents, listings } from "../../db/tables.js";
import { runDueJobs } from "../../jobs/worker.js";
import { createLogger } from "../../logger.js";
import { createAgent, createListing } from "../../test/factories.js";
import { createTestContext, type TestContext } from "../../test/test-app.js";
import { createBuiltInWriter } from "../../integrations/posts/built-in-writer.js";
import { addNote } from "../notes/service.js";
import { postsJobHandlers, queuePostsForImported } from "../posts/service.js";
import { listListingsJson, type Folder } from "./data.js";
import { removeListing, toggleListing } from "./service.js";

type Summary = { id: string; listingName: string; noteCount: number; agentName: string | null; postsStatus: string; isStarred: boolean };

let ctx: TestContext;
let reader: supertest.Agent;
let member: Awaited<ReturnType<TestContext["createUser"]>>;

beforeAll(async () => {
  ctx = await createTestContext();
  member = await ctx.createUser();
  reader = await ctx.signIn(member);
});
afterAll(() => ctx.close());

/** Runs work (a change made elsewhere: not through this reader) and waits until a change of `kind` is heard. */
async function changed<T>(kind: ChangeKind, work: () => Promise<T>): Promise<T> {
  const heard = new Promise<void>((resolve) => {
    const stop = ctx.changes.subscribe((message) => {
      if (message.type === "change" && message.change.kind === kind) {
        stop();
        resolve();
      }
    });
  });
  const result = await work();
  await heard;
  return result;
}

const PATHS: Record<Folder, string> = { all: "/api/listings", active: "/api/listings/active", inactive: "/api/listings/inactive" };

/** A folder's list as the app answers it (with a version, so from the cache), checked against the database's own rendering. */
async function list(folder: Folder): Promise<Summary[]> {
  const res = await reader.get(PATHS[folder]).expect(200);
  expect(res.headers.etag).toMatch(/^"v-/);
  expect(res.text).toBe(await listListingsJson(ctx.db, folder));
  return res.body as Summary[];
}
const ids = (rows: Summary[]) => rows.map((r) => r.id);

describe("the listing lists kept per listing", () => {
  it("show a new listing, an edit, a star, a deactivation and a deletion on the next read", async () => {
    const first = await changed("listings", () => createListing(ctx.db, { listingName: "First Street" }));
    const second = await changed("listings", () => createListing(ctx.db, { listingName: "Second Street" }));
    expect(ids(await list("active")).slice(0, 2)).toEqual([second.id, first.id]);

    await changed("listings", () => ctx.db.update(listings).set({ listingName: "First Avenue" }).where(eq(listings.id, first.id)));
    expect((await list("active")).find((r) => r.id === first.id)?.listingName).toBe("First Avenue");

    // Starred first: the older listing moves to the top.
    await changed("listings", () => toggleListing(ctx.db, first.id, "isStarred", null));
    expect(ids(await list("active")).slice(0, 2)).toEqual([first.id, second.id]);

    await changed("listings", () => toggleListing(ctx.db, second.id, "isActive", null));
    expect(ids(await list("active"))).not.toContain(second.id);
    expect(ids(await list("inactive"))).toContain(second.id);
    expect(ids(await list("all"))).toContain(second.id);

    await changed("listings", () => removeListing(ctx.db, first.id, null));
    expect(ids(await list("active"))).not.toContain(first.id);
    expect(ids(await list("all"))).not.toContain(first.id);
  });

  it("show a note's count and an agent's new name, which live in other tables", async () => {
    const agent = await createAgent(ctx.db, { name: "Ada Broker" });
    const listing = await changed("listings", () => createListing(ctx.db, { agentId: agent.id }));
    expect((await list("active")).find((r) => r.id === listing.id)).toMatchObject({ noteCount: 0, agentName: "Ada Broker" });

    await changed("notes", () => addNote(ctx.db, member, listing.id, "Called the owner."));
    expect((await list("active")).find((r) => r.id === listing.id)?.noteCount).toBe(1);

    await changed("agents", () => ctx.db.update(agents).set({ name: "Ada Lovelace" }).where(eq(agents.id, agent.id)));
    expect((await list("active")).find((r) => r.id === listing.id)?.agentName).toBe("Ada Lovelace");
  });

  it("show imported listings' posts turning from pending to ready as the jobs write them", async () => {
    // One import: one statement, one created_at, so the ids alone order them (as the database does).
    const made = await changed("listings", () =>
      ctx.db.transaction(async (tx) => {
        const rows = await tx
          .insert(listings)
          .values(
            Array.from({ length: 3 }, (_, i) => ({
              listingName: `Imported ${i}`,
              address: `${i} Import Way`,
              city: "Wheeling",
              state: "WV",
              offeringType: "Sell" as const,
              propertyDescription: "A warehouse with a loading dock.",
              marketingCategory: "Single" as const,
            })),
          )
          .returning({ id: listings.id });
        await queuePostsForImported(tx, rows.map((r) => r.id));
        return rows.map((r) => r.id);
      }),
    );
    const pending = await list("active");
    expect(made.map((id) => pending.find((r) => r.id === id)?.postsStatus)).toEqual(["pending", "pending", "pending"]);

    const handlers = postsJobHandlers({ db: ctx.db, writer: createBuiltInWriter(), logger: createLogger("silent") });
    await changed("listings", () => runDueJobs(ctx.db, handlers));
    const written = await list("active");
    expect(made.map((id) => written.find((r) => r.id === id)?.postsStatus)).toEqual(["ready", "ready", "ready"]);
  });

  it("is not used without a version: the bus down, every read is the database's", async () => {
    const before = await list("active");
    ctx.changes.setLive(false);
    try {
      // Unheard by the bus: only a read from the database can show it.
      const unheard = await createListing(ctx.db, { listingName: "Quiet Street" });
      const res = await reader.get(PATHS.active).expect(200);
      expect(res.headers.etag).not.toMatch(/^"v-/);
      expect(ids(res.body as Summary[])).toEqual([unheard.id, ...ids(before)]);
      expect(res.text).toBe(await listListingsJson(ctx.db, "active"));
    } finally {
      ctx.changes.setLive(true);
    }
    // Back up (a new epoch): the lists are versioned again once the versions are read anew (the
    // first read after may still be the database's), and then the listing missed meanwhile is in.
    await expect.poll(async () => (await reader.get(PATHS.active).expect(200)).headers.etag).toMatch(/^"v-/);
    expect((await list("active")).some((r) => r.listingName === "Quiet Street")).toBe(true);
  });
});
