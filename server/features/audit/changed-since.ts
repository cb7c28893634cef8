// Which listing fields changed after a given version, read from the listing's own timeline: how
// an edit made from an older version is merged over the saves since, or refused only for the
// fields both changed (docs/decisions/230-merging-crossing-edits.md).
import { DOCUMENT_KINDS, PHOTO_KINDS } from "../../../shared/audit.js";
import type { Db, Tx } from "../../db/database.js";
import { findEntryOfVersion, findListingEntriesAfter } from "./data.js";

/** The field a toggle flips, by the kind of its entry. */
const FLAG_KINDS: Record<string, string> = {
  "listing.activated": "isActive",
  "listing.deactivated": "isActive",
  "listing.starred": "isStarred",
  "listing.unstarred": "isStarred",
};

/**
 * Entries on a listing's timeline that change none of its fields (notes, posts, photos and documents have
 * their own rows); a photo entry that moved the cover says so in its `changes` (imageUrl).
 */
const NO_FIELD_KINDS = new Set<string>([
  ...PHOTO_KINDS,
  ...DOCUMENT_KINDS,
  "listing.note-added",
  "listing.note-edited",
  "listing.note-deleted",
  "listing.posts-generated",
  "listing.posts-regenerated",
  "listing.post-regenerated",
  "listing.post-edited",
  "listing.posts-page-linked",
]);

export interface ChangedSince {
  /** Every field changed by a save after the version, in the order they were first changed. */
  fields: string[];
  /** Who changed each of them (usernames, first first); a background writer or a removed user is left out. */
  by: Record<string, string[]>;
}

/**
 * The fields changed by the saves after `version`, or undefined when the timeline cannot tell:
 * the entry of the save that left the listing at `version` is not there (an import or a bulk
 * edit made it, it predates version stamps, or it was pruned), or a later entry does not say
 * which fields it wrote (an import's row). Per listing, entries follow the versions: each write
 * holds the listing's row lock from its update until it commits, and writes its entry after the
 * update, so entry ids rise with the versions.
 */
export async function fieldsChangedSince(tx: Db | Tx, listingId: string, version: number): Promise<ChangedSince | undefined> {
  const anchor = await findEntryOfVersion(tx, listingId, version);
  if (anchor === undefined) return undefined;
  const by = new Map<string, Set<string>>();
  for (const entry of await findListingEntriesAfter(tx, listingId, anchor)) {
    const changes = entry.data?.changes;
    if (NO_FIELD_KINDS.has(entry.kind) && !changes) continue;
    const written = changes ? Object.keys(changes) : FLAG_KINDS[entry.kind] ? [FLAG_KINDS[entry.kind]] : undefined;
    if (written === undefined) return undefined;
    for (const field of written) {
      const people = by.get(field) ?? new Set<string>();
      if (entry.actorName !== null) people.add(entry.actorName);
      by.set(field, people);
    }
  }
  return { fields: [...by.keys()], by: Object.fromEntries([...by].map(([field, people]) => [field, [...people]])) };
}
