// What an edit changed, field by field, computed here only: listing saves, restores, settings and the
// timeline all agree on what counts as a change and on the form a value is kept in.
import type { AuditKind } from "../../../shared/audit.js";

/** Columns that change with every write or are not a person's edit: never listed as changes. */
const NOT_EDITS = new Set(["id", "createdAt", "updatedAt", "version", "updatedById", "aiGeneratedPosts", "postsStatus"]);

export type Changes = Record<string, [unknown, unknown]>;

/** A value as JSON keeps it: dates as ISO text, absent as null. */
const stored = (value: unknown): unknown => (value instanceof Date ? value.toISOString() : (value ?? null));

/** The fields `values` sets to something other than `before` holds, each as [before, after]. */
export function fieldChanges(before: object, values: object): Changes {
  const changes: Changes = {};
  for (const [field, value] of Object.entries(values)) {
    if (value === undefined || NOT_EDITS.has(field)) continue;
    const was = stored((before as Record<string, unknown>)[field]);
    const now = stored(value);
    if (JSON.stringify(was) !== JSON.stringify(now)) changes[field] = [was, now];
  }
  return changes;
}

/**
 * The kind of entry a save writes: a save that only touches the image reads as what it did to
 * the image; any other save is one "edited" entry listing every changed field.
 */
export function editKind(changes: Changes): AuditKind {
  const fields = Object.keys(changes);
  if (fields.length === 1 && fields[0] === "imageUrl") {
    const [was, now] = changes.imageUrl;
    return was === null ? "listing.image-set" : now === null ? "listing.image-removed" : "listing.image-replaced";
  }
  return "listing.edited";
}
