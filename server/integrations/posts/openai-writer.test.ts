import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createLogger } from "../../logger.js";
import { completion, errorReply, postsReply, startChatStub, type ChatStub } from "./chat-completions-stub.js";
import { createPostsWriter } from "./create-posts-writer.js";
import { createOpenAiWriter } from "./openai-writer.js";
import type { PostsListing, PostsWriter } from "./posts-writer.js";

const listing: PostsListing & { notes: string; googleDriveLink: string } = {
  id: "00000000-0000-4000-8000-000000000002",
  listingName: "Harbor Point Warehouse",
  city: "Wheeling",
  state: "WV",
  offeringType: "Lease",
  marketingCategory: "Triple",
  propertyDescription: "Clear-span warehouse with three dock doors.",
  marketingFlyerLink: "https://example.com/harbor.pdf",
  looplinkLink: null,
  notes: "INTERNAL: landlord flexible on rent",
  googleDriveLink: "https://drive.google.com/internal",
};

const modelPosts = Array.from({ length: 10 }, (_, i) => `Model post ${i + 1} about Harbor Point Warehouse`);
const fallbackPosts = Array.from({ length: 10 }, (_, i) => `Fallback post ${i + 1}`);
const fallback: PostsWriter = { kind: "built-in", write: async () => fallbackPosts };

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
    expect(await w.write(listing)).toEqual(modelPosts);

    expect(stub.requests).toHaveLength(1);
    const { authorization, body } = stub.requests[0];
    expect(authorization).toBe("Bearer test-key");
    expect(body.model).toBe("test-model");
    expect(body.response_format).toMatchObject({
      type: "json_schema",
      json_schema: { strict: true, schema: { properties: { posts: { minItems: 10, maxItems: 10 } } } },
    });
    const [system, user] = body.messages;
    expect(system.role).toBe("system");
    expect(system.content).toContain("exactly ten distinct posts");
    expect(JSON.parse(user.content)).toMatchObject({ listingName: "Harbor Point Warehouse", offeringType: "Lease", priority: "high" });
    // Internal fields never leave the server.
    expect(user.content).not.toContain("landlord flexible");
    expect(user.content).not.toContain("drive.google.com");
    expect(warn).not.toHaveBeenCalled();
  });

  it("accepts JSON wrapped in a Markdown fence", async () => {
    stub.answer(completion("```json\n" + JSON.stringify({ posts: modelPosts }) + "\n```"));
    expect(await writer().write(listing)).toEqual(modelPosts);
  });

  it("retries once after a server error and uses the second answer", async () => {
    stub.answer(errorReply(503, "overloaded"), postsReply(modelPosts));
    expect(await writer().write(listing)).toEqual(modelPosts);
    expect(stub.requests).toHaveLength(2);
  });

  it("falls back after malformed JSON twice, logging why", async () => {
    stub.answer(completion("Here are your posts: 1. ..."));
    expect(await writer().write(listing)).toEqual(fallbackPosts);
    expect(stub.requests).toHaveLength(2);
    expect(loggedReason()).toContain("the reply was not valid JSON");
    expect(warn.mock.calls[0][0]).toMatchObject({ listingId: listing.id, model: "test-model" });
  });

  it("falls back when the model writes the wrong number of posts or repeats one", async () => {
    stub.answer(postsReply(modelPosts.slice(0, 9)), postsReply([...modelPosts.slice(0, 9), modelPosts[0]]));
    expect(await writer().write(listing)).toEqual(fallbackPosts);
    expect(stub.requests).toHaveLength(2);
    expect(loggedReason()).toContain("expected 10 posts (got 9)");
    expect(loggedReason()).toContain("two posts are the same");
  });

  it("falls back when the endpoint does not answer in time", async () => {
    stub.answer("hang");
    expect(await writer(50).write(listing)).toEqual(fallbackPosts);
    expect(stub.requests).toHaveLength(2);
    expect(loggedReason()).toContain("no answer within 50 ms");
  });

  it("falls back at once on 401: a wrong key does not fix itself", async () => {
    stub.answer(errorReply(401, "Incorrect API key provided"));
    expect(await writer().write(listing)).toEqual(fallbackPosts);
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
    expect(await w.write(listing)).toEqual(fallbackPosts);
    expect(loggedReason()).toContain("could not connect");
  });
});

describe("createPostsWriter", () => {
  const logger = createLogger("silent");

  it("uses the built-in writer when no API key is set", async () => {
    const w = createPostsWriter({ OPENAI_API_KEY: undefined, OPENAI_BASE_URL: undefined, OPENAI_MODEL: "gpt-4o-mini" }, logger);
    expect(w.kind).toBe("built-in");
    expect(await w.write(listing)).toHaveLength(10);
  });

  it("uses the model at OPENAI_BASE_URL, and the built-in writer when the model fails", async () => {
    const env = { OPENAI_API_KEY: "local", OPENAI_BASE_URL: stub.baseURL, OPENAI_MODEL: "llama" };
    const w = createPostsWriter(env, logger, { retryDelayMs: 0 });
    expect(w.kind).toBe("remote");
    stub.answer(postsReply(modelPosts));
    expect(await w.write(listing)).toEqual(modelPosts);
    expect(stub.requests[0].body.model).toBe("llama");

    stub.answer(errorReply(401, "no"));
    const posts = await w.write(listing);
    expect(posts).toHaveLength(10);
    expect(new Set(posts).size).toBe(10);
    expect(posts.every((p) => p.includes("Harbor Point Warehouse"))).toBe(true);
  });
});
