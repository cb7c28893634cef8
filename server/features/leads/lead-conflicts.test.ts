// A lead's edits with If-Match: GET /api/leads/:id names the
// version, a PATCH from an older one gets the app's 412 with the lead as it is now and changes
// nothing; without If-Match the edit saves as before.
import supertest from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { versionTag } from "../../../shared/edit-conflicts.js";
import { createListing } from "../../test/factories.js";
import { createTestContext, type TestClient, type TestContext } from "../../test/test-app.js";

let ctx: TestContext;
let alice: TestClient;
let bob: TestClient;
beforeAll(async () => {
  ctx = await createTestContext();
  alice = (await ctx.userAgent({ username: "alice" })).agent;
  bob = (await ctx.userAgent({ username: "bob" })).agent;
});
afterAll(() => ctx.close());

async function newLead(fields: Record<string, unknown> = {}): Promise<number> {
  const listing = await createListing(ctx.db);
  const { path } = await alice
    .put(`/api/listings/${listing.id}/publication`)
    .send({ published: true })
    .expect(200)
    .then((r) => ({ path: new URL(r.body.url).pathname }));
  const email = `lead${Math.random().toString(36).slice(2)}@example.com`;
  await supertest(ctx.app)
    .post(`${path}/inquiries`)
    .send({ name: "Robin Buyer", email, role: "principal", message: "Is the dock covered?", ...fields })
    .expect(201);
  const [lead] = (await alice.get("/api/leads").query({ q: email }).expect(200)).body;
  return lead.id;
}
const tag = (id: number, v: number) => versionTag("lead", id, v);

describe("PATCH /api/leads/:id with If-Match", () => {
  it("names the version in GET's ETag and saves an edit from the current one, answering the next tag", async () => {
    const id = await newLead();
    const got = await alice.get(`/api/leads/${id}`).expect(200);
    expect(got.headers.etag).toBe(tag(id, 1));
    expect(got.body.version).toBe(1);
    const saved = await alice.patch(`/api/leads/${id}`).set("If-Match", got.headers.etag).send({ company: "Harbor Holdings" }).expect(200);
    expect(saved.headers.etag).toBe(tag(id, 2));
    expect(saved.body).toMatchObject({ company: "Harbor Holdings", version: 2 });
  });

  it("refuses a stale edit with 412, the lead as it is now and who saved it, and changes nothing", async () => {
    const id = await newLead();
    const opened = (await alice.get(`/api/leads/${id}`).expect(200)).headers.etag;
    await bob.patch(`/api/leads/${id}`).set("If-Match", opened).send({ phone: "304-555-0101" }).expect(200);
    const stale = await alice.patch(`/api/leads/${id}`).set("If-Match", opened).send({ phone: "304-555-0199", name: "Robin B." }).expect(412);
    expect(stale.headers.etag).toBe(tag(id, 2));
    expect(stale.body).toMatchObject({ message: "Someone else saved this lead after you opened it.", changedBy: "bob", current: { phone: "304-555-0101", name: "Robin Buyer", version: 2 } });
    expect(Date.parse(stale.body.changedAt)).not.toBeNaN();
    expect((await alice.get(`/api/leads/${id}`).expect(200)).body).toMatchObject({ phone: "304-555-0101", name: "Robin Buyer", version: 2 });
    // Another row's tag or a weak one never matches; no header, or "*", saves as before.
    await alice.patch(`/api/leads/${id}`).set("If-Match", tag(id + 1, 2)).send({ name: "X" }).expect(412);
    await alice.patch(`/api/leads/${id}`).set("If-Match", `W/${tag(id, 2)}`).send({ name: "X" }).expect(412);
    await alice.patch(`/api/leads/${id}`).set("If-Match", "*").send({ name: "Robin Buyer Jr." }).expect(200);
    expect((await alice.patch(`/api/leads/${id}`).send({ name: "Robin" }).expect(200)).body.version).toBe(4);
  });

  it("is a new version when an inquiry fills a blank phone, so an editor's older copy conflicts", async () => {
    const id = await newLead();
    const opened = (await alice.get(`/api/leads/${id}`).expect(200)).body;
    const listing = await createListing(ctx.db);
    const url = (await alice.put(`/api/listings/${listing.id}/publication`).send({ published: true }).expect(200)).body.url as string;
    await supertest(ctx.app)
      .post(`${new URL(url).pathname}/inquiries`)
      .send({ name: "Robin Buyer", email: opened.email, phone: "304-555-0142", role: "principal", message: "And this one?" })
      .expect(201);
    await alice.patch(`/api/leads/${id}`).set("If-Match", tag(id, opened.version)).send({ company: "Dock Co" }).expect(412);
  });
});
