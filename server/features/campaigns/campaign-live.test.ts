// A campaign's changes reach open pages on the event stream (migration 0040's triggers, the hub's
// "campaigns" event), so the Campaigns page and a listing's marketing panel never poll.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { campaignRecipients } from "../../db/tables.js";
import { listenOnLoopback, openStream, type TestStream } from "../../test/event-stream.js";
import { createTestContext, type TestClient, type TestContext } from "../../test/test-app.js";

let ctx: TestContext;
let author: TestClient;
let teammate: TestClient;
let server: Awaited<ReturnType<typeof listenOnLoopback>>;
let base: string;
beforeAll(async () => {
  ctx = await createTestContext();
  author = (await ctx.userAgent()).agent;
  teammate = (await ctx.userAgent()).agent;
  server = await listenOnLoopback(ctx.app);
  base = server.base;
});
afterAll(async () => {
  await ctx.close();
  await server.close();
});

/** A teammate's open page: its stream, once it has said it is ready. */
async function teammatePage(): Promise<TestStream> {
  const stream = await openStream(base, (await teammate.get("/api/user")).request.cookies);
  await stream.next((e) => e.event === "ready");
  return stream;
}

const heardSince = (stream: TestStream, from: number) => stream.next((e) => e.event === "campaigns" && stream.events.indexOf(e) >= from);

describe("campaigns on the event stream", () => {
  it("tells a teammate's open page when a campaign is made, edited, or one of its recipients moves", async () => {
    const page = await teammatePage();
    let from = page.events.length;
    const made = (await author.post("/api/campaigns").send({ name: "Spring mailing", subject: "A new listing" }).expect(201)).body as { id: number };
    await heardSince(page, from);

    from = page.events.length;
    await author.patch(`/api/campaigns/${made.id}`).send({ subject: "A new listing, now with a rent roll" }).expect(200);
    await heardSince(page, from);

    // What a send run, a bounce or a click writes: a recipient's row.
    const [recipient] = await ctx.db.insert(campaignRecipients).values({ campaignId: made.id, email: "buyer@example.com", name: "Robin Buyer" }).returning();
    from = page.events.length;
    await ctx.db.update(campaignRecipients).set({ state: "sent", sentAt: new Date() }).where(eq(campaignRecipients.id, recipient.id));
    await heardSince(page, from);
    // The event names no campaign and carries none of its data: the page reads it through its route.
    expect(page.events.filter((e) => e.event === "campaigns").every((e) => JSON.stringify(e.data) === "{}")).toBe(true);
    page.close();
  });
});
