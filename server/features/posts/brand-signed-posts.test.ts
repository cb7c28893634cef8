// The brand saved in Settings signs the posts written after it:
// the longer platforms always end with the brokerage's name and phone; nothing is signed while the
// brand is unset.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST_PLAN } from "../../../shared/posts.js";
import { validListingInput } from "../../test/factories.js";
import { createTestContext, type TestClient, type TestContext } from "../../test/test-app.js";

const LONGER = new Set(["linkedin", "facebook", "google"]);
const SIGNATURE = "Summit Commercial Realty · (304) 555-0100";

let ctx: TestContext;
let admin: TestClient;
let member: TestClient;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await ctx.userAgent({ isAdmin: true })).agent;
  member = (await ctx.userAgent()).agent;
});
afterAll(() => ctx.close());

const postsOf = async (name: string) => {
  const res = await member.post("/api/listings").send(validListingInput({ listingName: name })).expect(201);
  return (res.body as { aiGeneratedPosts: string[] }).aiGeneratedPosts;
};

describe("posts and the brand", () => {
  it("signs nothing while the brand is unset, and signs the longer posts once it is saved", async () => {
    const before = await postsOf("Unsigned Offices");
    expect(before.some((text) => text.includes("Summit Commercial Realty"))).toBe(false);

    await admin.put("/api/brand").send({ brokerageName: "Summit Commercial Realty", phone: "(304) 555-0100" }).expect(200);
    const after = await postsOf("Signed Offices");
    const longer = after.filter((_, i) => LONGER.has(POST_PLAN[i]));
    expect(longer.length).toBeGreaterThanOrEqual(3);
    for (const text of longer) expect(text.trimEnd().endsWith(SIGNATURE), text).toBe(true);
  });
});
