import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Listing, PublicUser } from "../../../shared/schema.js";
import { createListing } from "../../test/factories.js";
import { createTestContext, type TestClient, type TestContext } from "../../test/test-app.js";
import { addNote, editNote, removeNote } from "../notes/service.js";
import { insertNotifications } from "./data.js";
import { NOTIFICATION_LIST_LIMIT } from "./service.js";

let ctx: TestContext;
let writer: PublicUser;
let listing: Listing;
beforeAll(async () => {
  ctx = await createTestContext();
  writer = await ctx.createUser({ username: "writer" });
  listing = await createListing(ctx.db, { listingName: "Mill Lofts" });
});
afterAll(() => ctx.close());

/** A fresh signed-in user, so each test starts with an empty list. */
const reader = async () => ctx.userAgent();
// Written beside the app: each waits for its change to reach the app (a NOTIFY on PostgreSQL).
const mention = (user: PublicUser, text = "") => ctx.afterChange(() => addNote(ctx.db, writer, listing.id, `@${user.username} ${text}`));
const list = async (agent: TestClient) => (await agent.get("/api/notifications").expect(200)).body as { id: number; isRead: boolean; noteId: number }[];

describe("GET /api/notifications", () => {
  it("lists only the user's own notifications, newest first, in the agreed shape", async () => {
    const { user, agent } = await reader();
    const other = await reader();
    const first = await mention(user, "first");
    await mention(other.user, "not yours");
    const second = await mention(user, "second");
    const body = await list(agent);
    expect(body.map((n) => n.noteId)).toEqual([second.id, first.id]);
    expect(body[0]).toEqual({
      id: expect.any(Number),
      message: "writer mentioned you in a note on Mill Lofts",
      isRead: false,
      createdAt: expect.any(String),
      listingId: listing.id,
      noteId: second.id,
      leadId: null,
      type: "mention",
      actor: { id: writer.id, username: "writer" },
      snippet: `@${user.username} second`,
    });
  });

  it("shows the note's first 120 characters, then …, and follows the note's edits", async () => {
    const { user, agent } = await reader();
    // Characters, not bytes: 118 of them after the mention, some outside the BMP.
    const tail = "Roof replaced 2021, 🏢 new HVAC; ask about the lease terms before Friday. ".repeat(3);
    const note = await mention(user, tail);
    const text = `@${user.username} ${tail}`;
    const [first] = await list(agent) as unknown as { snippet: string }[];
    expect(first.snippet).toBe(`${Array.from(text).slice(0, 120).join("")}…`);
    const first304 = await agent.get("/api/notifications");
    const etag = first304.headers.etag;
    await agent.get("/api/notifications").set("If-None-Match", etag).expect(304);
    await ctx.afterChange(() => editNote(ctx.db, writer, note.id, "Short now."));
    const edited = await agent.get("/api/notifications").set("If-None-Match", etag);
    expect(edited.status).toBe(200);
    expect(edited.body[0].snippet).toBe("Short now.");
  });

  it(`returns only the newest ${NOTIFICATION_LIST_LIMIT}`, async () => {
    const { user, agent } = await reader();
    const note = await addNote(ctx.db, writer, listing.id, "bulk");
    const rows = Array.from({ length: NOTIFICATION_LIST_LIMIT + 5 }, (_, i) => ({
      userId: user.id,
      listingId: listing.id,
      noteId: note.id,
      message: `message ${i}`,
    }));
    await insertNotifications(ctx.db, rows);
    const body = (await agent.get("/api/notifications").expect(200)).body as { id: number; message: string }[];
    expect(body).toHaveLength(NOTIFICATION_LIST_LIMIT);
    expect(body.map((n) => n.id)).toEqual([...body.map((n) => n.id)].sort((a, b) => b - a));
    expect(body.at(-1)!.message).toBe("message 5");
  });
});

describe("the poll's ETag", () => {
  const poll = (agent: TestClient, etag: string) => agent.get("/api/notifications").set("If-None-Match", etag);

  it("answers an unchanged list with 304 and no body, and a new mention with 200 and a new tag", async () => {
    const { user, agent } = await reader();
    const empty = await agent.get("/api/notifications").expect(200);
    expect(empty.body).toEqual([]);
    const etag = empty.headers.etag;
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(empty.headers["cache-control"]).toBe("private, no-cache");

    const unchanged = await poll(agent, etag);
    expect(unchanged.status).toBe(304);
    expect(unchanged.text).toBeFalsy();
    expect(unchanged.headers.etag).toBe(etag);

    await mention(user);
    const changed = await poll(agent, etag);
    expect(changed.status).toBe(200);
    expect(changed.body).toHaveLength(1);
    expect(changed.headers.etag).not.toBe(etag);
    expect((await poll(agent, changed.headers.etag)).status).toBe(304);
  });

  it("changes when a notification is read, when all are read, and when a note goes away", async () => {
    const { user, agent } = await reader();
    const kept = await mention(user, "one");
    const doomed = await mention(user, "two");
    await mention(user, "three");
    const tags = [(await agent.get("/api/notifications")).headers.etag];
    const [newest] = await list(agent);

    await agent.post(`/api/notifications/${newest.id}/read`).expect(204);
    const afterRead = await poll(agent, tags[0]).expect(200);
    expect(afterRead.body.find((n: { id: number }) => n.id === newest.id).isRead).toBe(true);
    tags.push(afterRead.headers.etag);

    await agent.post("/api/notifications/read-all").expect(204);
    const afterReadAll = await poll(agent, tags[1]).expect(200);
    expect(afterReadAll.body.length).toBeGreaterThan(0);
    expect(afterReadAll.body.every((n: { isRead: boolean }) => n.isRead)).toBe(true);
    tags.push(afterReadAll.headers.etag);

    await ctx.afterChange(() => removeNote(ctx.db, writer, doomed.id));
    const afterDelete = await poll(agent, tags[2]).expect(200);
    expect(afterDelete.body.map((n: { noteId: number }) => n.noteId)).not.toContain(doomed.id);
    expect(afterDelete.body.map((n: { noteId: number }) => n.noteId)).toContain(kept.id);
    tags.push(afterDelete.headers.etag);

    expect(new Set(tags).size).toBe(4);
  });

  it("never lets one user's tag stand for another user's list", async () => {
    const a = await reader();
    const b = await reader();
    const etag = (await a.agent.get("/api/notifications")).headers.etag;
    const res = await poll(b.agent, etag);
    expect(res.status).toBe(200);
    expect(res.headers.etag).not.toBe(etag);
  });
});

describe("marking notifications read", () => {
  it("marks one of the user's own notifications read", async () => {
    const { user, agent } = await reader();
    await mention(user, "a");
    await mention(user, "b");
    const [newest, older] = await list(agent);
    await agent.post(`/api/notifications/${newest.id}/read`).expect(204);
    await agent.post(`/api/notifications/${newest.id}/read`).expect(204);
    const after = await list(agent);
    expect(after.find((n) => n.id === newest.id)!.isRead).toBe(true);
    expect(after.find((n) => n.id === older.id)!.isRead).toBe(false);
  });

  it("answers 404 for someone else's notification and leaves it unread", async () => {
    const owner = await reader();
    const intruder = await reader();
    await mention(owner.user);
    const [theirs] = await list(owner.agent);
    const res = await intruder.agent.post(`/api/notifications/${theirs.id}/read`);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe("Notification not found");
    expect((await list(owner.agent))[0].isRead).toBe(false);
  });

  it("answers 400 for a malformed id and 404 for one that names nothing", async () => {
    const { agent } = await reader();
    expect((await agent.post("/api/notifications/abc/read")).body.message).toBe("Notification id must be a positive whole number");
    expect((await agent.post("/api/notifications/0/read")).status).toBe(400);
    expect((await agent.post("/api/notifications/999999/read")).status).toBe(404);
    expect((await agent.post("/api/notifications/99999999999/read")).status).toBe(404);
  });

  it("read-all marks only the user's own notifications", async () => {
    const me = await reader();
    const someone = await reader();
    await mention(me.user);
    await mention(me.user);
    await mention(someone.user);
    await me.agent.post("/api/notifications/read-all").expect(204);
    expect((await list(me.agent)).map((n) => n.isRead)).toEqual([true, true]);
    expect((await list(someone.agent)).map((n) => n.isRead)).toEqual([false]);
  });
});
