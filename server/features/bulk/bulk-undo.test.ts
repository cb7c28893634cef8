import { and, asc, eq, inArray } from "drizzle-orm";
import supertest from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents, listings } from "../../db/tables.js";
import { createListing } from "../../test/factories.js";
import { createTestContext, type TestClient, type TestContext } from "../../test/test-app.js";

let ctx: TestContext;
let member: TestClient;
let otherMember: TestClient;
let admin: TestClient;
beforeAll(async () => {
  ctx = await createTestContext();
  member = (await ctx.userAgent()).agent;
  otherMember = (await ctx.userAgent()).agent;
  admin = (await ctx.userAgent({ isAdmin: true })).agent;
});
afterAll(() => ctx.close());

const read = async (ids: string[]) => {
  const rows = await ctx.db.select().from(listings).where(inArray(listings.id, ids)).orderBy(asc(listings.id));
  return ids.map((id) => rows.find((r) => r.id === id)!);
};
async function bulkEdit(ids: string[], updates: Record<string, unknown>, as = member): Promise<number> {
  const res = await as.put("/api/listings/bulk").send({ ids, updates });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.bulkActionId as number;
}
const undo = (actionId: number | string, as = member) => as.post(`/api/listings/bulk/${actionId}/undo`);
const kinds = async (listingId: string) =>
  (await ctx.db.select().from(auditEvents).where(eq(auditEvents.listingId, listingId)).orderBy(asc(auditEvents.id))).map((e) => e.kind);

describe("POST /api/listings/bulk/:actionId/undo", () => {
  it("puts back each listing's own previous values of the edited fields, and nothing else", async () => {
    const a = await createListing(ctx.db, { notes: "note a", marketingCategory: "Single", dealStage: null, looplinkLink: "https://loop.example.com/a" });
    const b = await createListing(ctx.db, { notes: null, marketingCategory: "Triple", dealStage: "Under Contract" });
    const c = await createListing(ctx.db, { notes: "note c", marketingCategory: "Homerun" });
    const actionId = await bulkEdit([a.id, b.id, c.id], { notes: "Shared", marketingCategory: "Homerun", dealStage: "Closed" });
    expect((await read([a.id, b.id, c.id])).map((l) => [l.notes, l.marketingCategory, l.dealStage])).toEqual([
      ["Shared", "Homerun", "Closed"],
      ["Shared", "Homerun", "Closed"],
      ["Shared", "Homerun", "Closed"],
    ]);

    const res = await undo(actionId);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ restored: 3, skipped: 0 });
    const [x, y, z] = await read([a.id, b.id, c.id]);
    expect([x.notes, x.marketingCategory, x.dealStage, x.looplinkLink]).toEqual(["note a", "Single", null, "https://loop.example.com/a"]);
    expect([y.notes, y.marketingCategory, y.dealStage]).toEqual([null, "Triple", "Under Contract"]);
    expect([z.notes, z.marketingCategory, z.dealStage]).toEqual(["note c", "Homerun", null]);
    // Each listing's timeline: the bulk edit with its own before → after, then the undo.
    expect(await kinds(b.id)).toEqual(expect.arrayContaining(["listing.bulk-edited", "listing.bulk-edit-undone"]));
    const activity = (await member.get(`/api/listings/${b.id}/activity`)).body.entries;
    expect(activity[0]).toMatchObject({
      kind: "listing.bulk-edit-undone",
      changes: { notes: ["Shared", null], marketingCategory: ["Homerun", "Triple"], dealStage: ["Closed", "Under Contract"] },
      ref: { kind: "bulk.edit-undone", count: 3 },
    });
    expect(activity[1]).toMatchObject({ kind: "listing.bulk-edited", changes: { notes: [null, "Shared"] } });
    // The admins' log shows the undo once, not once per listing.
    const log = (await admin.get("/api/audit?kind=bulk.")).body.entries;
    expect(log[0]).toMatchObject({ kind: "bulk.edit-undone", details: { undoes: actionId, count: 3, skipped: 0 } });
    expect(log.some((e: { kind: string }) => e.kind === "listing.bulk-edit-undone")).toBe(false);
  });

  it("skips listings changed since or deleted, restores the rest, and bumps their versions", async () => {
    const a = await createListing(ctx.db, { notes: "a before" });
    const b = await createListing(ctx.db, { notes: "b before" });
    const gone = await createListing(ctx.db, { notes: "gone before" });
    const actionId = await bulkEdit([a.id, b.id, gone.id], { notes: "Bulk" });
    const [edited] = await read([a.id]);
    expect((await member.put(`/api/listings/${b.id}`).send({ notes: "Someone's later note" })).status).toBe(200);
    expect((await member.delete(`/api/listings/${gone.id}`)).status).toBe(204);

    const res = await undo(actionId);
    expect(res.body).toEqual({ restored: 1, skipped: 2 });
    const [x, y] = await read([a.id, b.id]);
    expect(x.notes).toBe("a before");
    expect(x.version).toBe(edited.version + 1);
    expect(y.notes).toBe("Someone's later note");
  });

  it("undoes once: a second undo is refused and changes nothing", async () => {
    const a = await createListing(ctx.db, { notes: "first" });
    const actionId = await bulkEdit([a.id], { notes: "second" });
    const [first, second] = await Promise.all([undo(actionId), undo(actionId)]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    expect([first, second].find((r) => r.status === 409)!.body.message).toBe("This bulk edit was already undone");
    expect((await read([a.id]))[0].notes).toBe("first");
    const undos = await ctx.db.select().from(auditEvents).where(and(eq(auditEvents.kind, "bulk.edit-undone")));
    expect(undos.filter((e) => (e.data as { undoes?: number }).undoes === actionId)).toHaveLength(1);
  });

  it("is for the person who made the bulk edit and for admins", async () => {
    const a = await createListing(ctx.db, { notes: "mine" });
    const actionId = await bulkEdit([a.id], { notes: "bulk" });
    const refused = await undo(actionId, otherMember);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("Only the person who made a bulk edit, or an admin, can undo it");
    expect((await read([a.id]))[0].notes).toBe("bulk");
    expect((await supertest(ctx.app).post(`/api/listings/bulk/${actionId}/undo`)).status).toBe(401);
    expect((await undo(actionId, admin)).status).toBe(200);
    expect((await read([a.id]))[0].notes).toBe("mine");
  });

  it("answers 404 for anything that is not a bulk edit", async () => {
    const a = await createListing(ctx.db);
    const actionId = await bulkEdit([a.id], { notes: "x" });
    const undoId = (await ctx.db.select().from(auditEvents).where(eq(auditEvents.kind, "listing.bulk-edited")))[0].id;
    for (const id of ["99999999", "abc", "1e3", String(undoId), "12345678901"]) {
      const res = await undo(id);
      expect(res.status, id).toBe(404);
    }
    expect((await undo(actionId)).status).toBe(200);
  });
});
