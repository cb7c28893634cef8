import type { Request } from "express";
import { FIELD_LABELS } from "../../shared/field-labels.js";
import { isStorableText, unstorableMessage } from "../../shared/storable-text.js";
import { badRequest, type HttpError } from "./http-error.js";
import { INPUT_SHAPE, tooDeep } from "./input-shape.js";

/**
 * Body fields whose content a route checks piece by piece itself: a CSV file's cells are checked
 * row by row, so that one bad cell fails its row alone (server/features/csv/validate-rows.ts).
 */
const CHECKED_BY_THE_ROUTE: Record<string, string> = {
  "/api/listings/import": "csvData",
};

interface Pending {
  value: unknown;
  path: string;
  /** Levels of brackets around the value. */
  depth: number;
  /** The key naming the value in its object, checked before the value itself, and that object's path. */
  key?: { name: string; parent: string };
}

const TOO_DEEP = Symbol("too deep");

/**
 * The path, as `a.b[2]`, of the first string (or key) in `value` the database cannot store, or
 * TOO_DEEP. A walk with its own stack, not recursion: however deep a value, no call stack grows
 * with it, and the walk stops at the first level past INPUT_SHAPE.maxDepth.
 */
function firstUnstorable(value: unknown, skip?: string): string | typeof TOO_DEEP | undefined {
  const stack: Pending[] = [{ value, path: "", depth: 0 }];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const { value: item, path, depth, key } = next;
    if (key && !isStorableText(key.name)) return key.parent || "body";
    if (typeof item === "string") {
      if (!isStorableText(item)) return path;
      continue;
    }
    if (!item || typeof item !== "object") continue;
    if (depth + 1 > INPUT_SHAPE.maxDepth) return TOO_DEEP;
    // Pushed last to first, so the first is checked first.
    const children: Pending[] = Array.isArray(item)
      ? item.map((child: unknown, i) => ({ value: child, path: `${path}[${i}]`, depth: depth + 1 }))
      : Object.entries(item)
          .filter(([name]) => !(name === skip && path === ""))
          .map(([name, child]) => ({ value: child, path: path ? `${path}.${name}` : name, depth: depth + 1, key: { name, parent: path } }));
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
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
 * the field, rather than a 500 from the database or text silently changed.
 * Schemas check their own fields too, so the
 * forms say the same; this catches what no schema reads (keys, extra fields, paths, queries).
 */
export function unstorableInput(req: Request): HttpError | undefined {
  if (!isStorableText(safeDecode(req.path))) {
    return badRequest(unstorableMessage("The address"));
  }
  const inQuery = firstUnstorable(req.query);
  if (inQuery === TOO_DEEP) return tooDeep();
  if (inQuery !== undefined) return badRequest(unstorableMessage(`The ${fieldName(inQuery)} parameter`));
  const inBody = firstUnstorable(req.body, CHECKED_BY_THE_ROUTE[req.path]);
  if (inBody === TOO_DEEP) return tooDeep();
  if (inBody === undefined) return undefined;
  const at = inBody || "body";
  const message = unstorableMessage(fieldName(at));
  return badRequest(message, { [at]: message });
}
