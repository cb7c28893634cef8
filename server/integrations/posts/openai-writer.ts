// Posts from any OpenAI-compatible chat-completions endpoint (OpenAI, or a local llama.cpp or
// Ollama server). A reply must be ten posts with platforms; otherwise one retry, then the fallback
// writer, with the reason logged. Each post then passes post-checks or is replaced by the
// built-in writer's, the reason kept with the post. Listing creation never waits on any of this.
import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError } from "openai";
import { z } from "zod";
import type { Logger } from "../../logger.js";
import { limitConcurrency } from "./concurrency.js";
import { placeLink } from "../../../shared/post-page-link.js";
import { BUILT_IN_WRITER, POST_PLAN, POST_PLATFORMS, type PostPlatform } from "../../../shared/posts.js";
import { composePost } from "./built-in-writer.js";
import { capRateRequired, platformsWithoutCapRate, postProblems, SIGNED_PLATFORMS, statesCapRate } from "./post-checks.js";
import { brandLine, postLink, POSTS_PER_LISTING, type PostsBrand, type PostsListing, type PostsWriter, type WrittenPost, type WrittenPosts } from "./posts-writer.js";
import { listingMessage, SYSTEM_PROMPT } from "./prompt.js";
import { offPitch } from "./publishable.js";
import { MAX_POST_SIMILARITY, postSimilarity } from "./similarity.js";
import { asWritten } from "./text.js";

const DEFAULT_TIMEOUT_MS = 30_000;
const ATTEMPTS = 2;

export interface OpenAiWriterOptions {
  apiKey: string;
  /** e.g. http://127.0.0.1:8080/v1 for llama.cpp; the SDK's default (OpenAI) when absent. */
  baseURL?: string;
  model: string;
  fallback: PostsWriter;
  logger: Pick<Logger, "warn">;
  /** Per attempt. */
  timeoutMs?: number;
  retryDelayMs?: number;
  maxConcurrent?: number;
}

// Strict structured output: servers that support it (OpenAI, llama.cpp, Ollama) constrain the
// model to this shape; the zod check below catches those that only pretend to.
const RESPONSE_FORMAT = {
  type: "json_schema",
  json_schema: {
    name: "social_posts",
    strict: true,
    schema: {
      type: "object",
      properties: {
        posts: {
          type: "array",
          items: {
            type: "object",
            properties: { platform: { type: "string", enum: POST_PLATFORMS }, text: { type: "string" } },
            required: ["platform", "text"],
            additionalProperties: false,
          },
          minItems: POSTS_PER_LISTING,
          maxItems: POSTS_PER_LISTING,
        },
      },
      required: ["posts"],
      additionalProperties: false,
    },
  },
} as const;

// Only the shape: a post that is too long, repeated or ungrounded is replaced one by one below.
const replySchema = z.object({
  posts: z
    .array(z.object({ platform: z.enum(POST_PLATFORMS, "a post has no known platform"), text: z.string().trim() }))
    .length(POSTS_PER_LISTING, `expected ${POSTS_PER_LISTING} posts`),
});
type ModelPost = z.infer<typeof replySchema>["posts"][number];

/** The model answered, but not with ten usable posts: worth one more try. */
class UnusableReply extends Error {}

function parseReply(content: string | null | undefined): ModelPost[] {
  if (!content) throw new UnusableReply("the reply was empty");
  // Some local servers wrap JSON in a Markdown fence even when asked for a schema.
  const json = content.trim().replace(/^```(?:json)?\s*|\s*```$/g, "");
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch {
    throw new UnusableReply("the reply was not valid JSON");
  }
  const parsed = replySchema.safeParse(Array.isArray(data) ? { posts: data } : data);
  if (!parsed.success) {
    const got = (data as { posts?: unknown })?.posts;
    const count = Array.isArray(got) ? ` (got ${got.length})` : "";
    throw new UnusableReply(`the reply did not hold ten usable posts: ${parsed.error.issues[0].message}${count}`);
  }
  return parsed.data.posts;
}

const isRetryable = (err: unknown) =>
  err instanceof UnusableReply ||
  err instanceof APIConnectionError ||
  (err instanceof APIError && typeof err.status === "number" && (err.status === 408 || err.status === 429 || err.status >= 500));

function describe(err: unknown, timeoutMs: number): string {
  if (err instanceof APIConnectionTimeoutError) return `no answer within ${timeoutMs} ms`;
  if (err instanceof APIConnectionError) return `could not connect: ${err.cause instanceof Error ? err.cause.message : err.message}`;
  if (err instanceof APIError && err.status === 401) return "the endpoint refused the API key (401)";
  if (err instanceof APIError && err.status) return `the endpoint answered ${err.status}: ${err.message}`;
  return err instanceof Error ? err.message : String(err);
}

/**
 * A longer post the model did not sign gets the brand's line, as the built-in writer's do; then
 * the post gets its one link where the platform expects it:
 * every other link goes, the listing's link (the public page while published) stands before the
 * closing hashtags and the line, and Instagram's caption has none. Both are checked for length afterwards.
 */
function signedText(platform: PostPlatform, text: string, brand: PostsBrand | undefined, link: string | null): string {
  const line = brandLine(brand);
  const signed = !line || !SIGNED_PLATFORMS.includes(platform) || text.trimEnd().endsWith(line) ? text : `${text.trimEnd()}\n\n${line}`;
  return placeLink(platform, signed, link, line, () => true);
}

/**
 * The model's posts in POST_PLAN's order: a platform's k-th post takes that platform's k-th place,
 * its units and articles set as a person writes them and its one link in place. A post that fails
 * a check (too long, a number the listing lacks, pasted, a repeat or too like an earlier post, a
 * pitch the facts do not call for, a broker's rule), or a place the model wrote nothing for, gets the built-in writer's post, with the reason;
 * so does a platform's first post when none of its posts states a sale's cap rate.
 */
export function checkedPosts(listing: PostsListing, modelPosts: ModelPost[], brand?: PostsBrand): WrittenPost[] {
  const byPlatform = new Map(POST_PLATFORMS.map((p) => [p, modelPosts.filter((m) => m.platform === p)]));
  const taken = new Set<string>();
  const checked = POST_PLAN.map((platform: PostPlatform): WrittenPost | string => {
    const candidate = byPlatform.get(platform)!.shift();
    if (!candidate) return `the model wrote no ${platform} post for this place`;
    const text = signedText(platform, asWritten(candidate.text), brand, postLink(listing));
    const problems = postProblems(platform, text, listing, brand);
    problems.push(...offPitch(text, listing).map((who) => `pitches ${who}, which the facts do not call for`));
    if (taken.has(text)) problems.push("a repeat of another post");
    else if ([...taken].some((other) => postSimilarity(text, other, brandLine(brand)) >= MAX_POST_SIMILARITY)) problems.push("reads like another post");
    if (problems.length) return problems.join("; ");
    taken.add(text);
    return { platform, text };
  });
  const kept = checked.filter((p): p is WrittenPost => typeof p !== "string");
  for (const platform of platformsWithoutCapRate(kept, listing)) {
    const first = checked.findIndex((p) => typeof p !== "string" && p.platform === platform);
    if (first >= 0) checked[first] = `no ${platform} post states the cap rate`;
  }
  const statingCapRate = new Set(checked.flatMap((p) => (typeof p !== "string" && statesCapRate(p.text, listing) ? [p.platform] : [])));
  return checked.map((post, i) => {
    if (typeof post !== "string") return post;
    const platform = POST_PLAN[i];
    // A platform none of whose posts states the yield gets a replacement that does.
    const wanted = capRateRequired(listing) && !statingCapRate.has(platform) ? (text: string) => statesCapRate(text, listing) : undefined;
    const replacement = composePost(listing, platform, Math.random, taken, brand, wanted);
    if (statesCapRate(replacement.text, listing)) statingCapRate.add(platform);
    taken.add(replacement.text);
    return { ...replacement, replacedBecause: post };
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createOpenAiWriter(options: OpenAiWriterOptions): PostsWriter {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  // Retries are ours, so that an unusable reply is retried the same way as a failed request.
  const client = new OpenAI({ apiKey: options.apiKey, baseURL: options.baseURL, timeout: timeoutMs, maxRetries: 0 });
  const limited = limitConcurrency(options.maxConcurrent ?? 4);

  const ask = async (listing: PostsListing, brand: PostsBrand | undefined) => {
    // No temperature or token cap: reasoning models refuse both, and the defaults vary enough.
    const completion = await client.chat.completions.create({
      model: options.model,
      messages: [
        { role: "system", content: SYSTEM_PROMPT },
        { role: "user", content: listingMessage(listing, brand) },
      ],
      response_format: RESPONSE_FORMAT,
    });
    const message = completion.choices?.[0]?.message;
    if (message?.refusal) throw new UnusableReply(`the model refused: ${message.refusal}`);
    return parseReply(message?.content);
  };

  return {
    kind: "remote",
    async write(listing, brand): Promise<WrittenPosts> {
      const reasons: string[] = [];
      for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
        try {
          const posts = checkedPosts(listing, await limited(() => ask(listing, brand)), brand);
          const replaced = posts.filter((p) => p.replacedBecause);
          if (replaced.length) {
            options.logger.warn(
              { listingId: listing.id, model: options.model, replaced: replaced.map((p) => `${p.platform}: ${p.replacedBecause}`) },
              `posts: ${replaced.length} of the model's posts failed a check; the built-in writer's took their place`,
            );
          }
          // Ten replacements are the built-in writer's posts, and say so.
          return { writer: replaced.length === posts.length ? BUILT_IN_WRITER : options.model, posts };
        } catch (err) {
          reasons.push(describe(err, timeoutMs));
          if (!isRetryable(err) || attempt === ATTEMPTS) break;
          await sleep(options.retryDelayMs ?? 1000);
        }
      }
      options.logger.warn(
        { listingId: listing.id, model: options.model, reasons },
        `posts: the model gave no usable posts (${reasons.join("; then ")}); the built-in writer wrote them`,
      );
      return options.fallback.write(listing, brand);
    },
  };
}
