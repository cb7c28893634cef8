import type { z } from "zod";
import { badRequest } from "./http-error.js";

/**
 * Parses input with a shared schema. On failure the reply names every field with its message,
 * and the summary message repeats them so a toast alone is still useful.
 */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join(".") || "body";
    fields[key] ??= issue.message;
  }
  throw badRequest(Object.values(fields).join("; "), fields);
}
