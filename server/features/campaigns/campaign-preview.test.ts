// The editor's preview (docs/guides/campaigns.md): the listing card as the default body, the
// unsaved body sanitised as sending sanitises it, who the audience reaches now, and what would
// stop the send; reading it changes nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CampaignPreview } from "../../../shared/campaigns.js";
import { auditEvents, brand, leads } from "../../db/tables.js";
import { createListing, publishListing } from "../../test/factories.js";
import { createTestContext, type TestClient, type TestContext } from "../../test/test-app.js";
import { NO_POSTAL_ADDRESS } from "./service.js";

const ORIGIN = "https://desk.example.com";
let ctx: TestContext;
let member: TestClient;

beforeAll(async () => {
  ctx = await createTestContext({ env: { TRUST_PROXY: false, AUTH_SCRYPT_COST: 12, ALLOWED_HOSTS: [".example.com"], PUBLIC_URL: ORIGIN } });
  member = (await ctx.userAgent()).agent;
});
afterAll(() => ctx.close());

const unique = () => Math.random().toString(36).slice(2, 10);
async function contact(status: "subscribed" | "unsubscribed" = "subscribed"): Promise<number> {
  const [row] = await ctx.db.insert(leads).values({ name: `Casey ${unique()}`, email: `c${unique()}@example.com`, role: "principal", source: "manual", status }).returning({ id: leads.id });
  return row.id;
}
const preview = async (id: number, body: Record<string, unknown> = {}) => (await member.post(`/api/campaigns/${id}/preview`).send(body).expect(200)).body as CampaignPreview;

describe("the campaign preview", () => {
  it("shows the listing card by default, the unsaved body sanitised, the reach without suppressions, and why it cannot be sent yet", async () => {
    const listing = await createListing(ctx.db, { listingName: "Maple Plaza" });
    await publishListing(ctx.db, listing.id);
    const ok = await contact();
    const gone = await contact("unsubscribed");
    const { id } = (await member.post("/api/campaigns").send({ name: "Maple", subject: "New", listingId: listing.id, audience: { contactIds: [ok] } }).expect(201)).body as { id: number };
    const before = (await ctx.db.select().from(auditEvents)).length;

    const first = await preview(id);
    expect(first.card).toContain("Maple Plaza");
    expect(first.html).toContain(first.card);
    expect(first.reach).toBe(1);
    // No postal address yet: the preview says what sending would say.
    expect(first.blocker).toBe(NO_POSTAL_ADDRESS);

    await ctx.db.insert(brand).values({ brokerageName: "Desk Realty", address: "1 Main St, Springfield, IL 62701" });
    const edited = await preview(id, { body: `<p>Hello <b>buyers</b></p><script>alert(1)</script><img src="https://tracker.example.net/p.gif">`, audience: { contactIds: [ok, gone], listIds: [], segmentIds: [] } });
    expect(edited.html).toContain("<p>Hello <b>buyers</b></p>");
    expect(edited.html).not.toMatch(/<script|tracker\.example\.net/);
    expect(edited.html).toContain("1 Main St, Springfield, IL 62701");
    expect(edited.reach).toBe(1);
    expect(edited.blocker).toBeNull();

    // Reading the preview saved and recorded nothing.
    expect((await ctx.db.select().from(auditEvents)).length).toBe(before);
    expect((await member.get(`/api/campaigns/${id}`).expect(200)).body).toMatchObject({ body: null, audience: { contactIds: [ok] } });
  });

  it("answers 404 for a campaign that does not exist and 400 for a body that is not text", async () => {
    await member.post("/api/campaigns/999999/preview").send({}).expect(404);
    const { id } = (await member.post("/api/campaigns").send({ name: "Plain" }).expect(201)).body as { id: number };
    await member.post(`/api/campaigns/${id}/preview`).send({ body: 12 }).expect(400);
  });
});
