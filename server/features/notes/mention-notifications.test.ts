import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Listing } from "../../../shared/schema.js";
import { listingNotes, notifications } from "../../db/tables.js";
import { createListing } from "../../test/factories.js";
import { createTestContext, type TestClient, type TestContext } from "../../test/test-app.js";

let ctx: TestContext;
let author: TestClient;
let listing: Listing;
const ids: Record<string, number> = {};
beforeAll(async () => {
  ctx = await createTestContext();
  author = (await ctx.userAgent({ username: "Writer" })).agent;
  for (const username of ["sam", "Alex.Kim", "jo_ann", "bob"]) ids[username] = (await ctx.createUser({ username })).id;
  listing = await createListing(ctx.db, { listingName: "Corner Bakery" });
});
afterAll(() => ctx.close());

const addNote = async (content: string) =>
  (await author.post(`/api/listings/${listing.id}/notes`).send({ content }).expect(201)).body as { id: number };

/** Who was notified about a note, by user id, in insertion order. */
const notifiedFor = async (noteId: number) =>
  (await ctx.db.select().from(notifications).where(eq(notifications.noteId, noteId)).orderBy(asc(notifications.id))).map(
    (n) => n.userId,
  );

describe("mentions in notes", () => {
  it("notifies each mentioned user once with the spec's message", async () => {
    const note = await addNote("@sam and @Alex.Kim, please look. Again @SAM.");
    const rows = await ctx.db.select().from(notifications).where(eq(notifications.noteId, note.id)).orderBy(asc(notifications.id));
    expect(rows.map((r) => r.userId)).toEqual([ids.sam, ids["Alex.Kim"]]);
    expect(rows[0]).toMatchObject({
      listingId: listing.id,
      type: "mention",
      isRead: false,
      message: "Writer mentioned you in a note on Corner Bakery",
    });
  });

  it("skips the author, email addresses and unknown names", async () => {
    const note = await addNote("@writer mail sam@example.com or @nobody; cc bob@jo_ann.org");
    expect(await notifiedFor(note.id)).toEqual([]);
  });

  it("reads a name at the start, after a newline, and before punctuation", async () => {
    const note = await addNote("@jo_ann: see below\n@bob.");
    expect(await notifiedFor(note.id)).toEqual([ids.jo_ann, ids.bob]);
  });

  it("on edit notifies only the users newly mentioned", async () => {
    const note = await addNote("@sam first");
    const res = await author.patch(`/api/notes/${note.id}`).send({ content: "@sam @SAM and now @bob" });
    expect(res.status).toBe(200);
    expect(await notifiedFor(note.id)).toEqual([ids.sam, ids.bob]);
    await author.patch(`/api/notes/${note.id}`).send({ content: "just @bob" }).expect(200);
    expect(await notifiedFor(note.id)).toEqual([ids.sam, ids.bob]);
  });

  it("removes a note's notifications with the note", async () => {
    const note = await addNote("@jo_ann gone soon");
    expect(await notifiedFor(note.id)).toHaveLength(1);
    await author.delete(`/api/notes/${note.id}`).expect(204);
    expect(await notifiedFor(note.id)).toEqual([]);
  });

  it("writes a note and its notifications together: when a notification cannot be stored, the note is not either", async () => {
    // A database-side fault, so the code under test runs unchanged.
    await ctx.db.execute(sql`create function refuse_notification() returns trigger language plpgsql as $$
      begin raise exception 'notifications are down'; end $$`);
    await ctx.db.execute(sql`create trigger refuse_notification before insert on notifications
      for each row execute function refuse_notification()`);
    try {
      const noteCount = async () => (await ctx.db.select().from(listingNotes)).length;
      const before = await noteCount();
      const added = await author.post(`/api/listings/${listing.id}/notes`).send({ content: "@sam urgent" });
      expect(added.status).toBe(500);
      expect(await noteCount()).toBe(before);

      const plain = await addNote("no mentions, so nothing to refuse");
      const edited = await author.patch(`/api/notes/${plain.id}`).send({ content: "now for @sam" });
      expect(edited.status).toBe(500);
      const [kept] = await ctx.db.select().from(listingNotes).where(eq(listingNotes.id, plain.id));
      expect(kept.content).toBe("no mentions, so nothing to refuse");
    } finally {
      await ctx.db.execute(sql`drop trigger refuse_notification on notifications`);
      await ctx.db.execute(sql`drop function refuse_notification()`);
    }
  });
});
