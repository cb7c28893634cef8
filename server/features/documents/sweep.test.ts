// Upload links never attached are deleted after a day, with their bytes; attached ones are not
// links any more, and younger ones stay.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { documentUploads } from "../../db/tables.js";
import { temporaryStorage } from "../../integrations/storage/local-storage.js";
import type { LocalObjectStorage } from "../../integrations/storage/object-storage.js";
import { createListing } from "../../test/factories.js";
import { createTestContext, type TestClient, type TestContext } from "../../test/test-app.js";
import { sweepUnattachedUploads, UNATTACHED_MAX_AGE_MS } from "./sweep.js";
import { RENT_ROLL_CSV, uploadDocumentFile } from "./test-documents.js";

let ctx: TestContext;
let storage: LocalObjectStorage;
let member: TestClient;
beforeAll(async () => {
  storage = temporaryStorage();
  ctx = await createTestContext({ storage });
  member = (await ctx.userAgent()).agent;
});
afterAll(() => ctx.close());

const keyOf = (url: string) => url.split("/").pop()!;

describe("sweeping unattached uploads", () => {
  it("deletes links older than a day and their bytes, and keeps younger ones and attached documents", async () => {
    const listing = await createListing(ctx.db);
    const abandoned = await uploadDocumentFile(member, "old.csv", RENT_ROLL_CSV);
    const fresh = await uploadDocumentFile(member, "new.csv", RENT_ROLL_CSV);
    const attached = await uploadDocumentFile(member, "used.csv", RENT_ROLL_CSV);
    const doc = (await member.post(`/api/listings/${listing.id}/documents`).send({ url: attached, title: "Used", level: "team" }).expect(201)).body;
    const now = new Date();
    await ctx.db
      .update(documentUploads)
      .set({ createdAt: new Date(now.getTime() - UNATTACHED_MAX_AGE_MS - 1000) })
      .where(eq(documentUploads.key, keyOf(abandoned)));

    expect(await sweepUnattachedUploads({ db: ctx.db, storage, now })).toBe(1);
    expect(await storage.stat(`docsin/${keyOf(abandoned)}`)).toBeNull();
    expect(await storage.stat(`docsin/${keyOf(fresh)}`)).not.toBeNull();
    expect((await ctx.db.select().from(documentUploads)).map((row) => row.key)).not.toContain(keyOf(abandoned));
    await member.get(`/api/listings/${listing.id}/documents/${doc.id}/versions/1/file`).expect(200);
    await member.post(`/api/listings/${listing.id}/documents`).send({ url: abandoned, title: "Old", level: "team" }).expect(400);
  });
});
