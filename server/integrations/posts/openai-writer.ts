// Posts from any OpenAI-compatible chat-completions endpoint (OpenAI, or a local llama.cpp or
// Ollama server). A reply must be ten distinct posts; otherwise one retry, then the fallback
// writer, with the reason logged. Listing creation never waits on any of this (see the service).
import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError } from "openai";
import { z } from "zod";
import type { Logger } from "../../logger.js";
import { limitConcurrency } from "./concurrency.js";
import { POSTS_PER_LISTING, type PostsListing, type PostsWriter } from "./posts-writer.js";
import { listingMessage, SYSTEM_PROMPT } from "./prompt.js";

const DEFAULT_TIMEOUT_MS = 30_000;
const ATTEMPTS = 2;
const MAX_POST_CHARS = 3000;

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
        posts: { type: "array", items: { type: "string" }, minItems: POSTS_PER_LISTING, maxItems: POSTS_PER_LISTING },
      },
      required: ["posts"],
      additionalProperties: false,
    },
  },
} as const;

const replySchema = z.object({
  posts: z
    .array(z.string().trim().min(1, "a post is empty").max(MAX_POST_CHARS, `a post is over ${MAX_POST_CHARS} characters`))
    .length(POSTS_PER_LISTING, `expected ${POSTS_PER_LISTING} posts`)
    .refine((posts) => new Set(posts).size === posts.length, "two posts are the same"),
});

/** The model answered, but not with ten usable posts: worth one more try. */
class UnusableReply extends Error {}

function parseReply(content: string | null | undefined): string[] {
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

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createOpenAiWriter(options: OpenAiWriterOptions): PostsWriter {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  // Retries are ours, so that an unusable reply is retried the same way as a failed request.
  const client = new OpenAI({ apiKey: options.apiKey, baseURL: options.baseURL, timeout: timeoutMs, maxRetries: 0 });
  const limited = limitConcurrency(options.maxConcurrent ?? 4);

  const ask = async (listing: PostsListing) => {
    // No temperature or token cap: reasoning models refuse both, and the defaults vary enough.
    const completion = await client.chat.completions.create({
      model: options.model,
      messages: [
        { role: "system", content: SYSTEM_PROMPT },
        { role: "user", content: listingMessage(listing) },
      ],
      response_format: RESPONSE_FORMAT,
    });
    const message = completion.choices?.[0]?.message;
    if (message?.refusal) throw new UnusableReply(`the model refused: ${message.refusal}`);
    return parseReply(message?.content);
  };

  return {
    kind: "remote",
    async write(listing) {
      const reasons: string[] = [];
      for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
        try {
          return await limited(() => ask(listing));
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
      return options.fallback.write(listing);
    },
  };
}
