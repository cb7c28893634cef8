import supertest from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PublicUser } from "../../../shared/schema.js";
import { createTestContext, type TestClient, type TestContext } from "../../test/test-app.js";

let ctx: TestContext;
let admin: { user: PublicUser; agent: TestClient };
let member: { user: PublicUser; agent: TestClient };
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.userAgent({ username: "boss", isAdmin: true });
  member = await ctx.userAgent({ username: "agent007" });
});
afterAll(() => ctx.close());

const postWish = async (title = "Map view", description = "Show listings on a map", agent = member.agent) =>
  (await agent.post("/api/wishes").send({ title, description }).expect(201)).body;
const wishList = async () => (await member.agent.get("/api/wishes").expect(200)).body as { id: number; title: string; commentCount: number }[];
const comment = async (wishId: number, text: string) =>
  (await admin.agent.post(`/api/wishes/${wishId}/comments`).send({ comment: text }).expect(201)).body;

describe("wishes", () => {
  it("lets any teammate post a trimmed wish, answered with its author and no comments", async () => {
    const res = await member.agent.post("/api/wishes").send({ title: "  Dark mode ", description: " Please " });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      userId: member.user.id,
      username: "agent007",
      title: "Dark mode",
      description: "Please",
      createdAt: expect.any(String),
      commentCount: 0,
    });
  });

  it("refuses a blank title or description, naming each, and saves nothing", async () => {
    const before = await wishList();
    const res = await member.agent.post("/api/wishes").send({ title: "  ", description: "\n" });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ title: "Title is required", description: "Description is required" });
    const long = await member.agent.post("/api/wishes").send({ title: "x".repeat(201), description: "ok" });
    expect(long.body.errors).toEqual({ title: "Title must be at most 200 characters" });
    expect(await wishList()).toEqual(before);
  });

  it("lists wishes newest first with their authors and comment counts", async () => {
    const older = await postWish("Older");
    const newer = await postWish("Newer", "By the admin", admin.agent);
    await comment(older.id, "one");
    await comment(older.id, "two");
    const list = await wishList();
    expect(list.slice(0, 2).map((w) => w.id)).toEqual([newer.id, older.id]);
    expect(list[0]).toMatchObject({ username: "boss", commentCount: 0 });
    expect(list[1]).toMatchObject({ username: "agent007", commentCount: 2 });
  });

  it("lets admins edit part of a wish, and no one else", async () => {
    const wish = await postWish("Before", "Stays");
    const refused = await member.agent.patch(`/api/wishes/${wish.id}`).send({ title: "Mine to change?" });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("Only admins can do that");
    const res = await admin.agent.patch(`/api/wishes/${wish.id}`).send({ title: " After " });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: wish.id, title: "After", description: "Stays", username: "agent007", commentCount: 0 });
    expect((await wishList()).find((w) => w.id === wish.id)!.title).toBe("After");
  });

  it("refuses an empty or blank edit and keeps the wish", async () => {
    const wish = await postWish("Unchanged");
    const empty = await admin.agent.patch(`/api/wishes/${wish.id}`).send({});
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe("Send a title or a description to change");
    const blank = await admin.agent.patch(`/api/wishes/${wish.id}`).send({ description: " " });
    expect(blank.body.errors).toEqual({ description: "Description is required" });
    expect((await wishList()).find((w) => w.id === wish.id)!.title).toBe("Unchanged");
  });

  it("lets admins delete a wish with its comments, and no one else", async () => {
    const wish = await postWish("Doomed");
    await comment(wish.id, "noted");
    expect((await member.agent.delete(`/api/wishes/${wish.id}`)).status).toBe(403);
    expect((await wishList()).some((w) => w.id === wish.id)).toBe(true);
    expect((await admin.agent.delete(`/api/wishes/${wish.id}`)).status).toBe(204);
    expect((await wishList()).some((w) => w.id === wish.id)).toBe(false);
    expect((await member.agent.get(`/api/wishes/${wish.id}/comments`)).status).toBe(404);
    expect((await admin.agent.delete(`/api/wishes/${wish.id}`)).status).toBe(404);
  });

  it("answers 400 for malformed wish ids and 404 for ids that name nothing", async () => {
    for (const id of ["abc", "0", "1.5"]) {
      const res = await admin.agent.patch(`/api/wishes/${id}`).send({ title: "x" });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe("Wish id must be a positive whole number");
      expect((await admin.agent.delete(`/api/wishes/${id}`)).status).toBe(400);
      expect((await member.agent.get(`/api/wishes/${id}/comments`)).status).toBe(400);
    }
    for (const id of ["999999", "99999999999"]) {
      expect((await admin.agent.patch(`/api/wishes/${id}`).send({ title: "x" })).body.message).toBe("Wish not found");
      expect((await admin.agent.post(`/api/wishes/${id}/comments`).send({ comment: "x" })).status).toBe(404);
      expect((await member.agent.get(`/api/wishes/${id}/comments`)).status).toBe(404);
    }
  });

  it("is for signed-in teammates only", async () => {
    expect((await supertest(ctx.app).get("/api/wishes")).status).toBe(401);
    expect((await supertest(ctx.app).post("/api/wishes").send({ title: "a", description: "b" })).status).toBe(401);
  });
});

describe("wish comments", () => {
  it("lets admins comment, answered with the author and the Admin flag", async () => {
    const wish = await postWish("Commented");
    const res = await admin.agent.post(`/api/wishes/${wish.id}/comments`).send({ comment: "  On the roadmap " });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      wishId: wish.id,
      userId: admin.user.id,
      username: "boss",
      isAdmin: true,
      comment: "On the roadmap",
      createdAt: expect.any(String),
    });
  });

  it("lets any teammate read a wish's comments, oldest first, and only its own", async () => {
    const wish = await postWish("Discussed");
    const other = await postWish("Elsewhere");
    const first = await comment(wish.id, "first");
    const second = await comment(wish.id, "second");
    await comment(other.id, "unrelated");
    const list = (await member.agent.get(`/api/wishes/${wish.id}/comments`).expect(200)).body;
    expect(list.map((c: { id: number }) => c.id)).toEqual([first.id, second.id]);
    expect(list[0]).toMatchObject({ username: "boss", isAdmin: true, comment: "first" });
  });

  it("refuses comments from members and blank comments, saving nothing", async () => {
    const wish = await postWish("Quiet");
    const member403 = await member.agent.post(`/api/wishes/${wish.id}/comments`).send({ comment: "me too" });
    expect(member403.status).toBe(403);
    const blank = await admin.agent.post(`/api/wishes/${wish.id}/comments`).send({ comment: "   " });
    expect(blank.status).toBe(400);
    expect(blank.body.errors).toEqual({ comment: "Comment is required" });
    expect((await member.agent.get(`/api/wishes/${wish.id}/comments`)).body).toEqual([]);
  });

  it("lets admins delete a comment, and no one else", async () => {
    const wish = await postWish("Pruned");
    const c = await comment(wish.id, "remove me");
    expect((await member.agent.delete(`/api/wishes/comments/${c.id}`)).status).toBe(403);
    expect((await member.agent.get(`/api/wishes/${wish.id}/comments`)).body).toHaveLength(1);
    expect((await admin.agent.delete(`/api/wishes/comments/${c.id}`)).status).toBe(204);
    expect((await member.agent.get(`/api/wishes/${wish.id}/comments`)).body).toEqual([]);
    const again = await admin.agent.delete(`/api/wishes/comments/${c.id}`);
    expect(again.status).toBe(404);
    expect(again.body.message).toBe("Comment not found");
    expect((await admin.agent.delete("/api/wishes/comments/abc")).status).toBe(400);
  });
});
