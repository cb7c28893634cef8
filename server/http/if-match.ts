import type { Request } from "express";
import type { VersionedKind } from "../../shared/edit-conflicts.js";

/**
 * The versions an If-Match header accepts for this row: undefined when the request sets no
 * condition (no header, or `*` for "whatever exists"), so spec clients keep today's behaviour;
 * an empty list when it names only other rows or weak tags, which never match (RFC 9110, section 13.1.1,
 * compares If-Match strongly), so the write is refused.
 */
export function ifMatchVersions(req: Request, kind: VersionedKind, id: string | number): number[] | undefined {
  const header = req.get("If-Match");
  if (header === undefined || header.trim() === "*") return undefined;
  const prefix = `"${kind}-${id}-v`;
  const versions: number[] = [];
  for (const part of header.split(",")) {
    const tag = part.trim();
    if (!tag.startsWith(prefix) || !tag.endsWith('"')) continue;
    const digits = tag.slice(prefix.length, -1);
    if (/^\d{1,9}$/.test(digits)) versions.push(Number(digits));
  }
  return versions;
}
