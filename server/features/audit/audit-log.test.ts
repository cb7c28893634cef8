import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ActivityPage, AuditEntry } from "../../../shared/audit.js";
import type { PublicUser } from "../../../shared/schema.js";
import { auditEvents } from "../../db/tables.js";
import { createListing, validListingInput } from "../../test/factories.js";
import { createTestContext, type TestClient, type TestContext } from "../../test/test-app.js";
import { pruneAuditEvents, recordAuditEvent } from "./service.js";

let ctx: TestContext;
let admin: { user: PublicUser; agent: TestClient };
let member: { user: PublicUser; agent: TestClient };
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.userAgent({ isAdmin: true, username: "ada" });
  member = await ctx.userAgent({ username: "milo" });
});
afterAll(() => ctx.close());

const log = async (query: Record<string, string> = {}): Promise<ActivityPage<AuditEntry>> => {
  const res = await admin.agent.get("/api/audit").query(query);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

describe("GET /api/audit", () => {
  it("is for admins only", async () => {
    expect((await member.agent.get("/api/audit")).status).toBe(403);
    expect((await member.agent.get("/api/audit/export")).status).toBe(403);
  });

  it("keeps a deleted listing's snapshot, from which a new listing can be made", async () => {
    const created = await member.agent.post("/api/listings").send(validListingInput({ listingName: "Corner Bakery", askingPrice: 725_000 }));
    await member.agent.delete(`/api/listings/${created.body.id}`).expect(204);
    const { entries } = await log({ kind: "listing.deleted" });
    expect(entries[0]).toMatchObject({
      kind: "listing.deleted",
      listingId: created.body.id,
      actor: { id: member.user.id, username: "milo" },
      details: { listingName: "Corner Bakery", snapshot: { listingName: "Corner Bakery", askingPrice: 725_000, id: created.body.id } },
    });
    // The listing's own timeline survives it, ending in its deletion.
    const timeline = await member.agent.get(`/api/listings/${created.body.id}/activity`).expect(200);
    expect(timeline.body.entries[0].kind).toBe("listing.deleted");
  });

  it("shows one entry for a bulk edit or an import, not one per listing", async () => {
    const ids = [(await createListing(ctx.db)).id, (await createListing(ctx.db)).id];
    await member.agent.put("/api/listings/bulk").send({ ids, updates: { notes: "Spring push" } }).expect(200);
    const { entries } = await log({ userId: String(member.user.id) });
    expect(entries[0]).toMatchObject({ kind: "bulk.edited", details: { count: 2, updates: { notes: "Spring push" } } });
    expect(entries.some((e) => e.kind === "listing.bulk-edited")).toBe(false);
  });

  it("records exports with who and how many", async () => {
    const [a, b] = [await createListing(ctx.db), await createListing(ctx.db)];
    await member.agent.post("/api/listings/export").send({ listingIds: [a.id, b.id] }).expect(200);
    expect((await log({ kind: "csv.exported" })).entries[0]).toMatchObject({ actor: { username: "milo" }, details: { count: 2, scope: "selected" } });
  });

  it("records settings changes with before and after", async () => {
    await member.agent.patch("/api/settings").send({ enableCardShadow: false }).expect(200);
    expect((await log({ kind: "settings.changed" })).entries[0]).toMatchObject({
      actor: { username: "milo" },
      changes: { enableCardShadow: [true, false] },
    });
  });

  it("filters by person, kind area and date range, and pages with a cursor", async () => {
    const [day1, day2] = [new Date("2025-03-01T12:00:00Z"), new Date("2025-03-02T12:00:00Z")];
    for (const at of [day1, day2, day2]) {
      const id = await recordAuditEvent(ctx.db, { kind: "auth.sign-in", actorId: admin.user.id, address: "198.51.100.7" });
      await ctx.db.update(auditEvents).set({ at }).where(eq(auditEvents.id, id));
    }
    const range = { from: "2025-03-02", to: "2025-03-02" };
    expect((await log({ ...range, kind: "auth." })).entries.map((e) => [e.kind, e.address])).toEqual([
      ["auth.sign-in", "198.51.100.7"],
      ["auth.sign-in", "198.51.100.7"],
    ]);
    expect((await log({ ...range, userId: String(member.user.id) })).entries).toEqual([]);
    expect((await log({ from: "2025-03-01", to: "2025-03-01" })).entries).toHaveLength(1);

    for (let i = 0; i < 55; i++) await recordAuditEvent(ctx.db, { kind: "test.paging", actorId: admin.user.id });
    const first = await log({ kind: "test.paging" });
    expect(first.entries).toHaveLength(50);
    const second = await log({ kind: "test.paging", cursor: first.nextCursor! });
    expect(second.entries).toHaveLength(5);
    expect(second.nextCursor).toBeNull();
  });

  it("keeps an entry whose actor is gone, read as no one", async () => {
    const gone = ((await ctx.db.execute(sql`select coalesce(max(id), 0) + 1000 as id from users`)) as unknown as { rows: { id: number }[] }).rows[0].id;
    await recordAuditEvent(ctx.db, { kind: "test.actor-gone", actorId: Number(gone), data: { marker: "actor gone" } });
    const { entries } = await log({ kind: "test.actor-gone" });
    const entry = entries.find((e) => (e.details as { marker?: string } | null)?.marker === "actor gone");
    expect(entry).toMatchObject({ kind: "test.actor-gone", actor: null });
  });

  it("refuses bad filters with a clear message", async () => {
    const cases: [Record<string, string>, string, string][] = [
      [{ from: "yesterday" }, "from", "From must be a date like 2026-11-24"],
      [{ from: "2026-02-03", to: "2026-02-01" }, "to", "From must not be after To"],
      [{ userId: "dana" }, "userId", "Person must be a user id"],
      [{ cursor: "-1" }, "cursor", "The cursor is not one this server gave out"],
    ];
    for (const [query, field, message] of cases) {
      const res = await admin.agent.get("/api/audit").query(query);
      expect(res.status).toBe(400);
      expect(res.body.errors[field]).toBe(message);
    }
  });
});

describe("GET /api/audit/export", () => {
  it("writes the filtered log as CSV with formula-like cells neutralised", async () => {
    await recordAuditEvent(ctx.db, { kind: "test.export", actorId: admin.user.id, address: "=HYPERLINK(\"x\")", data: { count: 3 } });
    await recordAuditEvent(ctx.db, { kind: "test.other", actorId: admin.user.id });
    const res = await admin.agent.get("/api/audit/export").query({ kind: "test.export" });
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/csv/);
    const lines = res.text.replace(/^\uFEFF/, "").trim().split("\r\n");
    expect(lines[0]).toBe("Time,Who,Kind,Listing,Address,Changes,Details");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(",ada,test.export,,\"'=HYPERLINK(\"\"x\"\")\",,\"{\"\"count\"\":3}\"");
  });

  it("is recorded like any export: who, how many entries, with which filters", async () => {
    await recordAuditEvent(ctx.db, { kind: "test.recorded-export", actorId: member.user.id });
    await admin.agent.get("/api/audit/export").query({ kind: "test.recorded-export", userId: String(member.user.id) }).expect(200);
    expect((await log({ kind: "csv.audit-exported" })).entries[0]).toMatchObject({
      actor: { username: "ada" },
      details: { count: 1, filters: { kind: "test.recorded-export", userId: member.user.id } },
    });
    // A refused export records nothing.
    const before = (await log({ kind: "csv.audit-exported" })).entries.length;
    await member.agent.get("/api/audit/export").expect(403);
    expect((await log({ kind: "csv.audit-exported" })).entries).toHaveLength(before);
  });
});

describe("retention", () => {
  it("prunes entries older than the retention period and keeps the rest", async () => {
    const now = new Date("2030-06-15T00:00:00Z");
    const old = await recordAuditEvent(ctx.db, { kind: "test.retention" });
    const recent = await recordAuditEvent(ctx.db, { kind: "test.retention" });
    await ctx.db.update(auditEvents).set({ at: new Date("2030-06-13T23:00:00Z") }).where(eq(auditEvents.id, old));
    await ctx.db.update(auditEvents).set({ at: new Date("2030-06-14T01:00:00Z") }).where(eq(auditEvents.id, recent));
    // Everything else in this file's database is from "now", far before the test clock: it goes too.
    const before = (await ctx.db.select({ n: count() }).from(auditEvents))[0].n;
    const deleted = await pruneAuditEvents(ctx.db, now, 1);
    const left = await ctx.db.select({ id: auditEvents.id }).from(auditEvents).where(sql`true`);
    expect(left.map((r) => r.id)).toEqual([recent]);
    expect(deleted).toBe(before - 1);
  });
});

describe("AUDIT_RETENTION_DAYS", () => {
  it("defaults to 365 and refuses a value that is not a whole number of days", async () => {
    const { loadEnv } = await import("../../env.js");
    expect(loadEnv({}).AUDIT_RETENTION_DAYS).toBe(365);
    expect(loadEnv({ AUDIT_RETENTION_DAYS: "30" }).AUDIT_RETENTION_DAYS).toBe(30);
    for (const bad of ["0", "1.5", "a year"]) expect(() => loadEnv({ AUDIT_RETENTION_DAYS: bad })).toThrow(/AUDIT_RETENTION_DAYS/);
  });
});
