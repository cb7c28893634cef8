import fc from "fast-check";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createLogger } from "../../logger.js";
import { completion, errorReply, postsReply, startChatStub, type ChatStub } from "./chat-completions-stub.js";
import { createPostsWriter } from "./create-posts-writer.js";
import { checkedPosts, createOpenAiWriter } from "./openai-writer.js";
import { placeLink } from "../../../shared/post-page-link.js";
import { POST_PLAN, POST_PLATFORMS } from "../../../shared/posts.js";
import { longestSharedRun, postProblems } from "./post-checks.js";
import { postLink, type PostsListing, type PostsWriter, type WrittenPosts } from "./posts-writer.js";
import { listingArb } from "./test-listings.js";
import { asWritten } from "./text.js";

const listing: PostsListing & { notes: string; googleDriveLink: string } = {
  id: "00000000-0000-4000-8000-000000000002",
  listingName: "Harbor Point Warehouse",
  city: "Wheeling",
  state: "WV",
  offeringType: "Lease",
  marketingCategory: "Triple",
  propertyDescription: "Clear-span warehouse with 3 dock doors and 24 ft clear height, two miles from the interstate on a fenced lot.",
  marketingFlyerLink: "https://example.com/harbor.pdf",
  looplinkLink: null,
  buildingSizeSf: 40_000,
  notes: "INTERNAL: landlord flexible on rent",
  googleDriveLink: "https://drive.google.com/internal",
};

const ORDINALS = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"];
// Ten openings that read unlike each other, as ten posts must.
const OPENINGS = [
  "Warehouse space with 3 dock doors:",
  "Tenants who ship, meet",
  "Clear-span and fenced:",
  "Need 24 ft clear height? Try",
  "Wheeling's newest industrial lease is",
  "Loading made easy at",
  "Room to grow on a fenced lot at",
  "Ask us about",
  "Tour the docks at",
  "Now leasing:",
];
const tags = "#CRE #WarehouseSpace #Wheeling #WestVirginia #ForLease";
// Ten posts that pass every check, in the plan's order of platforms.
const modelPosts = POST_PLAN.map((platform, i) => ({
  platform,
  text: `${OPENINGS[i]} Harbor Point Warehouse${i % 2 ? ", Wheeling" : ""}.${platform === "instagram" ? ` ${tags}` : ""}`,
}));
const fallbackSet: WrittenPosts = { writer: "built-in", posts: POST_PLAN.map((platform, i) => ({ platform, text: `Fallback post ${ORDINALS[i]}` })) };
const fallback: PostsWriter = { kind: "built-in", write: async () => fallbackSet };
// The model's posts as kept: each carries the listing's one link (its flyer) before any hashtags, Instagram's none.
const linked = (posts: { platform: (typeof POST_PLAN)[number]; text: string }[]) =>
  posts.map((p) => ({ ...p, text: placeLink(p.platform, p.text, listing.marketingFlyerLink, null, () => true) }));
const asModel = { writer: "test-model", posts: linked(modelPosts) };

let stub: ChatStub;
const warn = vi.fn();
beforeAll(async () => {
  stub = await startChatStub();
});
afterAll(() => stub.close());
beforeEach(() => warn.mockReset());

const writer = (timeoutMs = 5_000) =>
  createOpenAiWriter({
    apiKey: "test-key",
    baseURL: stub.baseURL,
    model: "test-model",
    fallback,
    logger: { warn },
    timeoutMs,
    retryDelayMs: 0,
  });
const loggedReason = () => String(warn.mock.calls[0][1]);

describe("OpenAI-compatible posts writer", () => {
  it("asks for ten posts with a strict JSON schema and returns the model's posts", async () => {
    stub.answer(postsReply(modelPosts));
    const w = writer();
    expect(w.kind).toBe("remote");
    expect(await w.write(listing)).toEqual(asModel);

    expect(stub.requests).toHaveLength(1);
    const { authorization, body } = stub.requests[0];
    expect(authorization).toBe("Bearer test-key");
    expect(body.model).toBe("test-model");
    expect(body.response_format).toMatchObject({
      type: "json_schema",
      json_schema: { strict: true, schema: { properties: { posts: { minItems: 10, maxItems: 10, items: { required: ["platform", "text"] } } } } },
    });
    const [system, user] = body.messages;
    expect(system.role).toBe("system");
    expect(system.content).toContain("exactly ten distinct posts");
    expect(JSON.parse(user.content)).toMatchObject({ listingName: "Harbor Point Warehouse", offeringType: "Lease", priority: "high", facts: { "Building Size": "40,000 SF" } });
    // Internal fields never leave the server.
    expect(user.content).not.toContain("landlord flexible");
    expect(user.content).not.toContain("drive.google.com");
    expect(warn).not.toHaveBeenCalled();
  });

  it("tells the model the brand's line and signs the longer posts it left unsigned", async () => {
    stub.answer(postsReply(modelPosts));
    const line = "Summit Commercial Group · (304) 555-0142";
    const written = await writer().write(listing, { brokerageName: "Summit Commercial Group", phone: "(304) 555-0142" });
    expect(JSON.parse(stub.requests[0].body.messages[1].content).brandLine).toBe(line);
    expect(stub.requests[0].body.messages[0].content).toContain("end every linkedin, facebook and google post with exactly that");
    expect(written.writer).toBe("test-model");
    expect(written.posts.filter((p) => p.replacedBecause)).toEqual([]);
    const kept = linked(modelPosts);
    for (const p of written.posts) {
      if (["linkedin", "facebook", "google"].includes(p.platform)) expect(p.text).toBe(`${kept[written.posts.indexOf(p)].text}\n\n${line}`);
      else expect(p.text).toBe(kept[written.posts.indexOf(p)].text);
    }
  });

  it("accepts JSON wrapped in a Markdown fence", async () => {
    stub.answer(completion("```json\n" + JSON.stringify({ posts: modelPosts }) + "\n```"));
    expect(await writer().write(listing)).toEqual(asModel);
  });

  it("retries once after a server error and uses the second answer", async () => {
    stub.answer(errorReply(503, "overloaded"), postsReply(modelPosts));
    expect(await writer().write(listing)).toEqual(asModel);
    expect(stub.requests).toHaveLength(2);
  });

  it("falls back after malformed JSON twice, logging why", async () => {
    stub.answer(completion("Here are your posts: 1. ..."));
    expect(await writer().write(listing)).toEqual(fallbackSet);
    expect(stub.requests).toHaveLength(2);
    expect(loggedReason()).toContain("the reply was not valid JSON");
    expect(warn.mock.calls[0][0]).toMatchObject({ listingId: listing.id, model: "test-model" });
  });

  it("falls back when the model writes the wrong number of posts or an unknown platform", async () => {
    stub.answer(postsReply(modelPosts.slice(0, 9)), postsReply([...modelPosts.slice(0, 9), { platform: "email", text: "Subject: hi" }]));
    expect(await writer().write(listing)).toEqual(fallbackSet);
    expect(stub.requests).toHaveLength(2);
    expect(loggedReason()).toContain("expected 10 posts (got 9)");
    expect(loggedReason()).toContain("a post has no known platform");
  });

  it("replaces each over-long, ungrounded, pasted or repeated post with the built-in writer's, and records why", async () => {
    const bad = [...modelPosts];
    bad[3] = { platform: "x", text: `Harbor Point Warehouse ${"is big ".repeat(60)}` };
    bad[1] = { platform: "facebook", text: "Harbor Point Warehouse: 99 dock doors, built 1987." };
    bad[4] = { platform: "google", text: listing.propertyDescription };
    bad[8] = { ...bad[9] };
    stub.answer(postsReply(bad));
    const written = await writer().write(listing);
    expect(written.writer).toBe("test-model");
    expect(written.posts.map((p) => p.platform)).toEqual([...POST_PLAN]);
    const replaced = Object.fromEntries(written.posts.flatMap((p, i) => (p.replacedBecause ? [[i, p.replacedBecause]] : [])));
    expect(Object.keys(replaced).map(Number)).toEqual([1, 3, 4, 9]);
    expect(replaced[1]).toContain("numbers the listing does not state: 99, 1987");
    expect(replaced[3]).toMatch(/over X's 280/);
    expect(replaced[4]).toMatch(/consecutive words copied from the description/);
    expect(replaced[9]).toContain("a repeat of another post");
    for (const p of written.posts) {
      expect(postProblems(p.platform, p.text, listing)).toEqual([]);
      expect(longestSharedRun(p.text, listing.propertyDescription)).toBeLessThanOrEqual(12);
    }
    expect(new Set(written.posts.map((p) => p.text)).size).toBe(10);
    expect(warn.mock.calls[0][0]).toMatchObject({ listingId: listing.id, replaced: expect.arrayContaining([expect.stringMatching(/^x: /)]) });
  });

  it("fills a place the model wrote nothing for, and calls ten replacements the built-in writer's", async () => {
    const noX = modelPosts.map((p) => (p.platform === "x" ? { ...p, platform: "linkedin" as const } : p));
    stub.answer(postsReply(noX));
    const written = await writer().write(listing);
    expect(written.posts.filter((p) => p.replacedBecause === "the model wrote no x post for this place")).toHaveLength(3);
    stub.answer(postsReply(modelPosts.map((p) => ({ ...p, text: `${p.text} 12345` }))));
    expect((await writer().write(listing)).writer).toBe("built-in");
  });

  it("falls back when the endpoint does not answer in time", async () => {
    stub.answer("hang");
    expect(await writer(50).write(listing)).toEqual(fallbackSet);
    expect(stub.requests).toHaveLength(2);
    expect(loggedReason()).toContain("no answer within 50 ms");
  });

  it("falls back at once on 401: a wrong key does not fix itself", async () => {
    stub.answer(errorReply(401, "Incorrect API key provided"));
    expect(await writer().write(listing)).toEqual(fallbackSet);
    expect(stub.requests).toHaveLength(1);
    expect(loggedReason()).toContain("refused the API key (401)");
  });

  it("falls back when nothing listens at the address", async () => {
    const w = createOpenAiWriter({
      apiKey: "k",
      baseURL: "http://127.0.0.1:9/v1",
      model: "m",
      fallback,
      logger: { warn },
      retryDelayMs: 0,
    });
    expect(await w.write(listing)).toEqual(fallbackSet);
    expect(loggedReason()).toContain("could not connect");
  });
});

describe("createPostsWriter", () => {
  const logger = createLogger("silent");

  it("uses the built-in writer when no API key is set", async () => {
    const w = createPostsWriter({ OPENAI_API_KEY: undefined, OPENAI_BASE_URL: undefined, OPENAI_MODEL: "gpt-4o-mini" }, logger);
    expect(w.kind).toBe("built-in");
    expect((await w.write(listing)).posts).toHaveLength(10);
  });

  it("uses the model at OPENAI_BASE_URL, and the built-in writer when the model fails", async () => {
    const env = { OPENAI_API_KEY: "local", OPENAI_BASE_URL: stub.baseURL, OPENAI_MODEL: "llama" };
    const w = createPostsWriter(env, logger, { retryDelayMs: 0 });
    expect(w.kind).toBe("remote");
    stub.answer(postsReply(modelPosts));
    expect(await w.write(listing)).toEqual({ writer: "llama", posts: linked(modelPosts) });
    expect(stub.requests[0].body.model).toBe("llama");

    stub.answer(errorReply(401, "no"));
    const { writer: by, posts } = await w.write(listing);
    expect(by).toBe("built-in");
    expect(new Set(posts.map((p) => p.text)).size).toBe(10);
    expect(posts.every((p) => p.text.includes("Harbor Point Warehouse"))).toBe(true);
  });
});

describe("checkedPosts: whatever a model answers", () => {
  it("always gives ten distinct posts in the plan's places that pass every check", () => {
    const modelPost = fc.record({
      platform: fc.constantFrom(...POST_PLATFORMS),
      text: fc.oneof(fc.string({ maxLength: 400 }), fc.lorem({ maxCount: 60 }), fc.constant("Same text #a #b #c #d #e"), fc.constant("x ".repeat(200))),
    });
    fc.assert(
      fc.property(listingArb, fc.array(modelPost, { minLength: 10, maxLength: 10 }), (l, answer) => {
        const posts = checkedPosts(l, answer);
        expect(posts.map((p) => p.platform)).toEqual([...POST_PLAN]);
        expect(new Set(posts.map((p) => p.text)).size).toBe(10);
        for (const p of posts) expect(postProblems(p.platform, p.text, l), p.text).toEqual([]);
        // A post kept from the model is its text as written with its one link in place; any other says why it was replaced.
        const link = postLink(l);
        for (const p of posts) if (!p.replacedBecause) expect(answer.map((a) => placeLink(p.platform, asWritten(a.text), link, null, () => true))).toContain(p.text);
      }),
      { numRuns: 100 },
    );
  });
});
