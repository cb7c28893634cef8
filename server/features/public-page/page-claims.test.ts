// The public page's highlights tell only what the listing claims (docs/guides/posts.md "Only true
// claims"): the LoopNet office's page said "1,000 SF" (its parking ratio's) and "Downtown
// location" (from "minutes from downtown").
import supertest from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOOPNET_OFFICE } from "../../integrations/posts/claims-corpus.js";
import { createListing } from "../../test/factories.js";
import { contextWithMember, type TestClient, type TestContext } from "../../test/test-app.js";

let ctx: TestContext;
let member: TestClient;
beforeAll(async () => {
  ({ ctx, member } = await contextWithMember());
});
afterAll(() => ctx.close());

describe("the public page's highlights", () => {
  it("never lift the ratio's 1,000 SF nor a downtown location", async () => {
    const listing = await createListing(ctx.db, {
      listingName: "Polaris Corporate Center",
      city: "Columbus",
      state: "OH",
      offeringType: "Sell",
      propertyType: "Office",
      askingPrice: 18_500_000,
      buildingSizeSf: 126_500,
      lotSizeAcres: 11.2,
      propertyDescription: LOOPNET_OFFICE,
    });
    const published = await member.put(`/api/listings/${listing.id}/publication`).send({ published: true }).expect(200);
    const html = (await supertest(ctx.app).get(new URL(published.body.url).pathname).expect(200)).text;
    const section = /<h2>Highlights<\/h2><ul>([\s\S]*?)<\/ul>/.exec(html)?.[1] ?? "";
    const items = [...section.matchAll(/<li>([^<]*)<\/li>/g)].map((m) => m[1]);
    expect(items).toContain("520 surface parking spaces");
    expect(items.join("\n")).not.toContain("1,000 SF");
    expect(items.join("\n")).not.toMatch(/downtown/i);
  });
});
