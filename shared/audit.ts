// The activity timeline and audit log as the browser sees them (docs/decisions/160-activity-and-audit-log.md). Kinds are
// "<area>.<event>"; the screens turn each into a sentence and show any unknown one generically.

/** One entry of a listing's timeline (GET /api/listings/:id/activity). */
export interface ActivityEntry {
  id: number;
  at: string;
  /** Who did it; null for the system (a background writer, or a person since removed). */
  actor: { id: number; username: string } | null;
  kind: string;
  /** Field changes, before → after, in the stored (wire) form of each value. */
  changes?: Record<string, [unknown, unknown]>;
  /** The one action this entry belongs to: a bulk edit or an import, described once there. */
  ref?: { id: number; kind: string; at?: string; count?: number; fields?: string[] };
  /** Small kind-specific facts: the posts writer, how many rows, a deleted listing's snapshot. */
  details?: Record<string, unknown>;
}

/** One entry of the admins' audit log (GET /api/audit): the same, plus the listing it concerns. */
export interface AuditEntry extends ActivityEntry {
  listingId: string | null;
  /** The listing's name (as it is now, or as it was when deleted), for an entry about one listing. */
  listingName?: string;
  /** The client address, for sign-ins and the like. */
  address: string | null;
}

export interface ActivityPage<E = ActivityEntry> {
  entries: E[];
  nextCursor: string | null;
}

export const ACTIVITY_PAGE_SIZE = 20;
export const AUDIT_PAGE_SIZE = 50;

/** Per-listing kinds written with a bulk edit or import: the log shows the one action instead. */
export const REFERENCING_KINDS = [
  "listing.bulk-edited",
  "listing.bulk-deleted",
  "listing.bulk-edit-undone",
  "listing.imported",
  "listing.import-updated",
  "listing.import-undone",
  // Posts a job wrote for an imported listing: the log shows one "posts.import-generated" entry per import.
  "listing.import-posts-generated",
] as const;

/**
 * The header each DELETE /api/listings/:id of one bulk delete carries: the same uuid on every
 * call of the run, so the log keeps one entry for the run (docs/decisions/163-bulk-delete-one-entry.md).
 */
export const BULK_ACTION_HEADER = "Bulk-Action";

/**
 * A listing's gallery changes (docs/decisions/250-photo-gallery.md). Each bumps the listing's
 * version; one that moves the cover also carries the listing's `imageUrl` change.
 */
export const PHOTO_KINDS = [
  "listing.photo-added",
  "listing.photo-removed",
  "listing.photos-reordered",
  "listing.photo-cover-changed",
  "listing.photo-edited",
  "listing.photo-rights-confirmed",
  "listing.photo-rights-withdrawn",
] as const;

/** The kinds of entry that keep a deleted listing's snapshot. */
export const DELETION_KINDS = ["listing.deleted", "listing.bulk-deleted"] as const;

/** The kinds the audit log's filter offers, by area ("auth." matches every sign-in kind). */
export const AUDIT_KIND_FILTERS: { value: string; label: string }[] = [
  { value: "auth.", label: "Sign-ins and accounts" },
  { value: "team.", label: "Team and invitations" },
  { value: "account.", label: "Passwords and sessions" },
  { value: "listing.deleted", label: "Listing deletions" },
  { value: "listing.", label: "Listing changes" },
  { value: "bulk.", label: "Bulk edits and deletes" },
  { value: "csv.", label: "Imports and exports" },
  { value: "settings.", label: "Settings" },
  { value: "brand.", label: "Brand" },
];
