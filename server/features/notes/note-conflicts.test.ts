// Edit conflicts for notes: an edit from an older version (the author's other tab) gets 412.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { versionTag } from "../../../shared/edit-conflicts.js";
import type { Listing, PublicUser } from "../../../shared/schema.js";
import { listingNotes } from "../../db/tables.js";
import { createListing } from "../../test/factories.js";
import { createTestContext, type TestClient, type TestContext } from "../../test/test-app.js";

let ctx: TestContext;
let author: { user: PublicUser; agent: TestClient };
let listing: Listing;
beforeAll(async () => {
  ctx = await createTestContext();
  author = await ctx.userAgent();
  listing = await createListing(ctx.db);
});
afterAll(() => ctx.close());

const addNote = async (content: string) => (await author.agent.post(`/api/listings/${listing.id}/notes`).send({ content }).expect(201)).body;
const edit = (id: number, content: string, ifMatch?: string) => {
  const req = author.agent.patch(`/api/notes/${id}`);
  return (ifMatch ? req.set("If-Match", ifMatch) : req).send({ content });
};
const stored = async (id: number) => (await ctx.db.select().from(listingNotes).where(eq(listingNotes.id, id)))[0];

describe("PATCH /api/notes/:noteId with If-Match", () => {
  it("lists notes with their version, and saves from the current one, raising it", async () => {
    const note = await addNote("First draft");
    const [listed] = (await author.agent.get(`/api/listings/${listing.id}/notes`)).body;
    expect(listed.version).toBe(1);
    const res = await edit(note.id, "Second draft", versionTag("note", note.id, 1));
    expect(res.status).toBe(200);
    expect(res.headers.etag).toBe(versionTag("note", note.id, 2));
    expect(res.body).toMatchObject({ content: "Second draft", version: 2 });
  });

  it("refuses a stale version with 412 and the note as it is now, and changes nothing", async () => {
    const note = await addNote("Original");
    expect((await edit(note.id, "From the laptop", versionTag("note", note.id, 1))).status).toBe(200);
    const before = await stored(note.id);
    const res = await edit(note.id, "From the phone", versionTag("note", note.id, 1));
    expect(res.status).toBe(412);
    expect(res.body).toMatchObject({
      message: "This note was changed elsewhere after you opened it.",
      changedBy: author.user.username,
      current: { id: note.id, content: "From the laptop", version: 2 },
    });
    expect(await stored(note.id)).toEqual(before);
  });

  it("without If-Match saves as before; saving the text it already has is no conflict", async () => {
    const note = await addNote("Plain");
    expect((await edit(note.id, "Plainer")).status).toBe(200);
    expect((await edit(note.id, "Plainer", versionTag("note", note.id, 1))).status).toBe(200);
    expect((await stored(note.id)).version).toBe(2);
  });

  it("of 20 concurrent edits from the same version, exactly one lands", async () => {
    const note = await addNote("Race");
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => edit(note.id, `Race ${i}`, versionTag("note", note.id, 1))));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 412)).toHaveLength(19);
    expect((await stored(note.id)).version).toBe(2);
  });
});
