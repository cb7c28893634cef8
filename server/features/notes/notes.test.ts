import supertest from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Listing, PublicUser } from "../../../shared/schema.js";
import { createListing } from "../../test/factories.js";
import { createTestContext, type TestClient, type TestContext } from "../../test/test-app.js";

let ctx: TestContext;
let author: { user: PublicUser; agent: TestClient };
let other: TestClient;
let admin: TestClient;
let listing: Listing;
beforeAll(async () => {
  ctx = await createTestContext();
  author = await ctx.userAgent({ username: "writer" });
  other = (await ctx.userAgent()).agent;
  admin = (await ctx.userAgent({ isAdmin: true })).agent;
  listing = await createListing(ctx.db);
});
afterAll(() => ctx.close());

const notesPath = (id = listing.id) => `/api/listings/${id}/notes`;
const addNote = async (content: string, agent = author.agent) => (await agent.post(notesPath()).send({ content }).expect(201)).body;
const contents = async () => ((await author.agent.get(notesPath()).expect(200)).body as { content: string }[]).map((n) => n.content);

describe("notes on a listing", () => {
  it("adds a trimmed note and answers with it and its author's name", async () => {
    const res = await author.agent.post(notesPath()).send({ content: "  Called the owner.  " });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      listingId: listing.id,
      userId: author.user.id,
      username: "writer",
      content: "Called the owner.",
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      version: 1,
    });
  });

  it("lists a listing's notes oldest first, each with its author's name, and no other listing's", async () => {
    const fresh = await createListing(ctx.db);
    const first = (await author.agent.post(notesPath(fresh.id)).send({ content: "first" }).expect(201)).body;
    const second = (await other.post(notesPath(fresh.id)).send({ content: "second" }).expect(201)).body;
    await addNote("elsewhere");
    const list = (await admin.get(notesPath(fresh.id)).expect(200)).body;
    expect(list.map((n: { id: number }) => n.id)).toEqual([first.id, second.id]);
    expect(list[0].username).toBe("writer");
    expect(list[1].username).toBe(second.username);
  });

  it("refuses blank or too long content, naming the field, and saves nothing", async () => {
    const before = await contents();
    for (const body of [{ content: "   \n " }, {}, { content: 42 }]) {
      const res = await author.agent.post(notesPath()).send(body);
      expect(res.status).toBe(400);
      expect(res.body.errors.content).toBeTruthy();
    }
    expect((await author.agent.post(notesPath()).send({ content: " " })).body.errors).toEqual({ content: "Note is required" });
    const long = await author.agent.post(notesPath()).send({ content: "x".repeat(5001) });
    expect(long.body.message).toBe("Note must be at most 5000 characters");
    expect(await contents()).toEqual(before);
  });

  it("answers 404 for a listing that does not exist, whatever its id looks like", async () => {
    for (const id of ["00000000-0000-0000-0000-000000000000", "not-a-uuid", "%2E%2E"]) {
      expect((await author.agent.get(notesPath(id))).status).toBe(404);
      const res = await author.agent.post(notesPath(id)).send({ content: "lost" });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe("Listing not found");
    }
  });
});

describe("editing and deleting notes", () => {
  it("lets the author edit, trimming and moving updatedAt", async () => {
    const note = await addNote("draft");
    const res = await author.agent.patch(`/api/notes/${note.id}`).send({ content: " final " });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: note.id, content: "final", username: "writer", createdAt: note.createdAt });
    expect(new Date(res.body.updatedAt).getTime()).toBeGreaterThan(new Date(note.updatedAt).getTime());
  });

  it("keeps updatedAt when the text is saved unchanged", async () => {
    const note = await addNote("steady");
    const res = await author.agent.patch(`/api/notes/${note.id}`).send({ content: "steady " });
    expect(res.body.updatedAt).toBe(note.updatedAt);
  });

  it("refuses edits and deletes by anyone but the author, admins included, changing nothing", async () => {
    const note = await addNote("mine");
    for (const agent of [other, admin]) {
      const edit = await agent.patch(`/api/notes/${note.id}`).send({ content: "theirs" });
      expect(edit.status).toBe(403);
      expect(edit.body.message).toBe("Only the author can edit this note");
      const del = await agent.delete(`/api/notes/${note.id}`);
      expect(del.status).toBe(403);
      expect(del.body.message).toBe("Only the author can delete this note");
    }
    expect(await contents()).toContain("mine");
    expect(await contents()).not.toContain("theirs");
    expect((await supertest(ctx.app).patch(`/api/notes/${note.id}`).send({ content: "anon" })).status).toBe(401);
  });

  it("refuses a blank edit and keeps the old text", async () => {
    const note = await addNote("keep me");
    const res = await author.agent.patch(`/api/notes/${note.id}`).send({ content: "  " });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ content: "Note is required" });
    expect(await contents()).toContain("keep me");
  });

  it("deletes the author's note", async () => {
    const note = await addNote("short-lived");
    expect((await author.agent.delete(`/api/notes/${note.id}`)).status).toBe(204);
    expect(await contents()).not.toContain("short-lived");
    expect((await author.agent.delete(`/api/notes/${note.id}`)).status).toBe(404);
    expect((await author.agent.patch(`/api/notes/${note.id}`).send({ content: "back" })).status).toBe(404);
  });

  it("answers 400 for malformed note ids and 404 for ids that name nothing, never 500", async () => {
    for (const id of ["abc", "0", "-1", "1.5", "1e3"]) {
      const res = await author.agent.patch(`/api/notes/${id}`).send({ content: "x" });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe("Note id must be a positive whole number");
      expect((await author.agent.delete(`/api/notes/${id}`)).status).toBe(400);
    }
    for (const id of ["999999", "99999999999999999999"]) {
      expect((await author.agent.patch(`/api/notes/${id}`).send({ content: "x" })).status).toBe(404);
      expect((await author.agent.delete(`/api/notes/${id}`)).status).toBe(404);
    }
  });
});
