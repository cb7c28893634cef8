// Optimistic concurrency for the edit screens: the server
// sends a version tag, the editor sends it back in If-Match, and a stale one gets 412 with this
// body. Client and server build the tag here so that both agree on its exact form.

export type VersionedKind = "listing" | "note" | "agent" | "lead";

/** A strong entity tag naming the row and its version, e.g. `"listing-<uuid>-v3"`. */
export const versionTag = (kind: VersionedKind, id: string | number, version: number): string =>
  `"${kind}-${id}-v${version}"`;

/** What a 412 carries so the editor can show the conflict without another request. */
export interface EditConflict<T> {
  message: string;
  /** The row as it is now, in the shape its GET (or list) gives. */
  current: T;
  /** Username of whoever saved the current version; null when unknown (a background writer, a deleted user). */
  changedBy: string | null;
  /** When the current version was saved (ISO string on the wire). */
  changedAt: Date | string;
  /**
   * A listing's PATCH: the fields the edit and the saves since both changed, the only ones in
   * conflict. Absent for PUT and the other rows.
   */
  fields?: string[];
}

/**
 * What a listing's PATCH adds to the saved listing when it was merged over saves made after the
 * version it started from: the fields those saves changed (now in the reply beside the edit's
 * own) and who made them. Both empty when nobody saved in between.
 */
export interface MergeReport {
  mergedFields: string[];
  mergedBy: string[];
}
