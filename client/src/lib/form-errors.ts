import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { ApiError } from "./api-client";

/** The per-field messages of a 400 reply ({message, errors: {field: message}}), if any. */
export function serverFieldErrors(error: unknown): Record<string, string> | null {
  return error instanceof ApiError ? error.fieldErrors : null;
}

/**
 * Shows a 400's field messages under the form's own fields and focuses the first of them (in
 * `order`, the form's reading order). Returns false when none of them names a field of this form,
 * so the caller can fall back to a toast alone.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  form: Pick<UseFormReturn<T>, "setError" | "setFocus">,
  order: readonly Path<T>[],
): boolean {
  const fields = serverFieldErrors(error);
  if (!fields) return false;
  const known = order.filter((name) => name in fields);
  for (const name of known) form.setError(name, { type: "server", message: fields[name] });
  if (known.length > 0) form.setFocus(known[0]);
  return known.length > 0;
}
