import type { Request } from "express";
import { FIELD_LABELS } from "../../shared/field-labels.js";
import { isStorableText, unstorableMessage } from "../../shared/storable-text.js";
import { badRequest, type HttpError } from "./http-error.js";

/**
 * Body fields whose content a route checks piece by piece itself: a CSV file's cells are checked
 * row by row, so that one bad cell fails its row alone (server/features/csv/validate-rows.ts).
 */
const CHECKED_BY_THE_ROUTE: Record<string, string> = {
  "/api/listings/import": "csvData",
};

/** The path, as `a.b[2]`, of the first string (or key) in `value` the database cannot store. */
function firstUnstorable(value: unknown, path: string, skip?: string): string | undefined {
  if (typeof value === "string") return isStorableText(value) ? undefined : path;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = firstUnstorable(value[i], `${path}[${i}]`);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      const at = path ? `${path}.${key}` : key;
      if (!isStorableText(key)) return path || "body";
      if (key === skip && !path) continue;
      const found = firstUnstorable(item, at);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

// `updates.notes` or `ids[3]` is named by its last key, as the form labels it where one does.
const fieldName = (path: string) => {
  const key = path.replace(/\[\d+\]$/, "").split(".").pop() ?? path;
  return FIELD_LABELS[key] ?? key;
};

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    // Not ours to judge: the router answers a malformed escape itself.
    return "";
  }
}

/**
 * U+0000 and lone surrogates anywhere in a request, refused before any route runs: a 400 naming
 * the field, rather than a 500 from the database or text silently changed
 * (docs/decisions/142-unstorable-characters.md). Schemas check their own fields too, so the
 * forms say the same; this catches what no schema reads (keys, extra fields, paths, queries).
 */
export function unstorableInput(req: Request): HttpError | undefined {
  if (!isStorableText(safeDecode(req.path))) {
    return badRequest(unstorableMessage("The address"));
  }
  const inQuery = firstUnstorable(req.query, "");
  if (inQuery !== undefined) return badRequest(unstorableMessage(`The ${fieldName(inQuery)} parameter`));
  const inBody = firstUnstorable(req.body, "", CHECKED_BY_THE_ROUTE[req.path]);
  if (inBody === undefined) return undefined;
  const at = inBody || "body";
  const message = unstorableMessage(fieldName(at));
  return badRequest(message, { [at]: message });
}
