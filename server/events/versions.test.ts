// Versions from the database: a commit steps
// each scope it changed once, a rolled-back one steps none, and two servers' in-memory versions
// (one reading the table at start, one that followed the announcements) say the same.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/database.js";
import { appVersions, listings, settings } from "../db/tables.js";
import { createAgent, createListing } from "../test/factories.js";
import { createTestDatabase } from "../test/test-database.js";
import { insertUser } from "../features/users/data.js";
import { startChangeBus, type ChangeBus } from "./change-bus.js";
import { ChangeVersions, versionsIn } from "./versions.js";

let database: Database;
let bus: ChangeBus;
let stop: () => Promise<void>;
beforeAll(async () => {
  database = await createTestDatabase();
  ({ bus, stop } = await startChangeBus(database));
});
afterAll(async () => {
  await stop();
  await database.close();
});

const versionOf = async (scope: string) =>
  (await database.db.select({ n: appVersions.version }).from(appVersions).where(eq(appVersions.scope, scope)))[0]?.n ?? 0;

/** The next version the bus hears for a scope. */
const heard = (scope: string) =>
  new Promise<number>((resolve) => {
    const off = bus.onVersion((v) => {
      if (v.scope !== scope) return;
      off();
      resolve(v.n);
    });
  });

/** Versions as a freshly started server has them, once it has read the table. */
async function freshVersions(): Promise<ChangeVersions> {
  const versions = new ChangeVersions(bus, versionsIn(database.db));
  await expect.poll(() => versions.of(["listings"])).not.toBeNull();
  return versions;
}

describe("versions kept by the database", () => {
  it("steps a scope once per commit, however many statements changed it, and announces it", async () => {
    const before = await versionOf("listings");
    const announced = heard("listings");
    await database.db.transaction(async (tx) => {
      const listing = await createListing(tx as unknown as typeof database.db);
      await tx.update(listings).set({ isStarred: true }).where(eq(listings.id, listing.id));
    });
    expect(await announced).toBe(before + 1);
    expect(await versionOf("listings")).toBe(before + 1);
  });

  it("leaves every version as it was when the transaction rolls back", async () => {
    const before = await versionOf("listings");
    await expect(
      database.db.transaction(async (tx) => {
        await createListing(tx as unknown as typeof database.db);
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    expect(await versionOf("listings")).toBe(before);
  });

  it("steps a user's own scope for a per-user kind, not the kind's as a whole", async () => {
    const user = await insertUser(database.db, { username: `versions_${Date.now()}`, password: "x", email: null, isAdmin: false });
    const announced = heard(`settings:${user.id}`);
    await database.db.insert(settings).values({ userId: user.id });
    expect(await announced).toBe(1);
    expect(await versionOf(`settings:${user.id}`)).toBe(1);
    expect(await versionOf("settings")).toBe(0);
  });

  it("gives a server that followed the changes and one that just read the table the same versions", async () => {
    const following = await freshVersions();
    await createAgent(database.db);
    const agents = heard("agents");
    await createAgent(database.db);
    await agents;
    const started = await freshVersions();
    expect(started.of(["listings", "agents", "notes"])).toBe(following.of(["listings", "agents", "notes"]));
    expect(started.ofUser("notifications", 1)).toBe(following.ofUser("notifications", 1));
    expect(following.of(["agents"])).toBe(String(await versionOf("agents")));
  });

  it("trusts no version while the bus is down, and reads the table again when it is back", async () => {
    const versions = await freshVersions();
    bus.setLive(false);
    expect(versions.of(["listings"])).toBeNull();
    bus.setLive(true);
    await expect.poll(() => versions.of(["listings"])).toBe(String(await versionOf("listings")));
  });
});
