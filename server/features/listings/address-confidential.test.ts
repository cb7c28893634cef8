import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contextWithMember, type TestClient, type TestContext } from "../../test/test-app.js";
import { createListing, validListingInput } from "../../test/factories.js";

let ctx: TestContext;
let member: TestClient;
beforeAll(async () => {
  ({ ctx, member } = await contextWithMember());
});
afterAll(() => ctx.close());

describe("addressConfidential", () => {
  it("is false unless set, on a new listing and on one made before the flag existed", async () => {
    const created = await member.post("/api/listings").send(validListingInput()).expect(201);
    expect(created.body.addressConfidential).toBe(false);
    const older = await createListing(ctx.db);
    expect((await member.get(`/api/listings/${older.id}`).expect(200)).body.addressConfidential).toBe(false);
    const list = (await member.get("/api/listings").expect(200)).body as { id: string; addressConfidential: boolean }[];
    expect(list.find((l) => l.id === older.id)?.addressConfidential).toBe(false);
  });

  it("is set on create, changed by PUT and PATCH, and logged as an edit", async () => {
    const created = await member.post("/api/listings").send(validListingInput({ addressConfidential: true })).expect(201);
    expect(created.body.addressConfidential).toBe(true);
    const put = await member.put(`/api/listings/${created.body.id}`).send({ addressConfidential: false }).expect(200);
    expect(put.body.addressConfidential).toBe(false);
    const patched = await member.patch(`/api/listings/${created.body.id}`).send({ addressConfidential: true }).expect(200);
    expect(patched.body.addressConfidential).toBe(true);
    const activity = (await member.get(`/api/listings/${created.body.id}/activity`).expect(200)).body.entries as { changes?: Record<string, unknown> }[];
    expect(activity.some((e) => e.changes?.addressConfidential)).toBe(true);
  });

  it("refuses anything but true or false, naming the field, and changes nothing", async () => {
    const listing = await createListing(ctx.db);
    const res = await member.put(`/api/listings/${listing.id}`).send({ addressConfidential: "yes", listingName: "Changed" }).expect(400);
    expect(res.body.errors).toEqual({ addressConfidential: "addressConfidential must be true or false" });
    expect((await member.get(`/api/listings/${listing.id}`)).body.listingName).toBe(listing.listingName);
  });
});
