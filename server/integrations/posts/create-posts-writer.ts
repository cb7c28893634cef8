import type { Env } from "../../env.js";
import type { Logger } from "../../logger.js";
import { createBuiltInWriter } from "./built-in-writer.js";
import { createOpenAiWriter } from "./openai-writer.js";
import type { PostsWriter } from "./posts-writer.js";

export type PostsEnv = Pick<Env, "OPENAI_API_KEY" | "OPENAI_BASE_URL" | "OPENAI_MODEL">;

/** The built-in writer, or a remote model (falling back to the built-in one) when a key is set. */
export function createPostsWriter(env: PostsEnv, logger: Logger, options: { timeoutMs?: number; retryDelayMs?: number } = {}): PostsWriter {
  const builtIn = createBuiltInWriter();
  if (!env.OPENAI_API_KEY) {
    logger.info("posts: written by the built-in writer (set OPENAI_API_KEY to use a model)");
    return builtIn;
  }
  logger.info({ model: env.OPENAI_MODEL, baseURL: env.OPENAI_BASE_URL ?? "OpenAI" }, "posts: written by a remote model");
  return createOpenAiWriter({
    apiKey: env.OPENAI_API_KEY,
    baseURL: env.OPENAI_BASE_URL,
    model: env.OPENAI_MODEL,
    fallback: builtIn,
    logger,
    ...options,
  });
}
