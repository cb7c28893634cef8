// The activity timeline and audit log as the browser sees them (docs/decisions/160-activity-and-audit-log.md). Kinds are
// "<area>.<event>"; the screens turn each into a sentence and show any unknown one generically.

/**
 * A listing's gallery changes. Each bumps the listing's
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

/** A listing's deal-room documents (docs/guides/deal-room.md): none changes a listing field. */
export const DOCUMENT_KINDS = [
  "listing.document-added",
  "listing.document-version-added",
  "listing.document-level-changed",
  "listing.document-edited",
  "listing.document-deleted",
] as const;

/**
 * Every kind of entry the server writes: the server's writers take only these (a new kind is a
 * line here first), and a test checks the screens have a sentence for each, so no entry ever
 * reads as its raw key (docs/guides/audit.md).
 */
export const AUDIT_KINDS = [
  "listing.created",
  "listing.edited",
  "listing.activated",
  "listing.deactivated",
  "listing.starred",
  "listing.unstarred",
  "listing.image-set",
  "listing.image-replaced",
  "listing.image-removed",
  ...PHOTO_KINDS,
  ...DOCUMENT_KINDS,
  "listing.space-added",
  "listing.space-edited",
  "listing.space-removed",
  "listing.spaces-imported",
  "listing.spaces-import-undone",
  "listing.tenant-added",
  "listing.tenant-edited",
  "listing.tenant-removed",
  "listing.rent-roll-imported",
  "listing.rent-roll-import-undone",
  "listing.operating-statement-saved",
  "listing.om-sections-changed",
  "listing.om-published",
  "listing.posts-generated",
  "listing.posts-regenerated",
  "listing.post-regenerated",
  "listing.post-edited",
  "listing.posts-page-linked",
  "listing.import-posts-generated",
  "listing.note-added",
  "listing.note-edited",
  "listing.note-deleted",
  "listing.deleted",
  "listing.bulk-edited",
  "listing.bulk-deleted",
  "listing.bulk-edit-undone",
  "listing.imported",
  "listing.import-updated",
  "listing.import-undone",
  "listing.published",
  "listing.unpublished",
  "listing.publication-changed",
  "listing.public-link-rotated",
  "listing.prospect-added",
  "listing.prospect-moved",
  "listing.prospect-noted",
  "listing.prospect-removed",
  "listing.inquiry-received",
  "listing.room-rules-changed",
  "listing.room-ca-signed",
  "listing.room-grant-added",
  "listing.room-grant-approved",
  "listing.room-grant-revoked",
  "listing.room-grant-changed",
  "listing.room-om-opened",
  "room.ca-template-versioned",
  "posts.import-generated",
  "bulk.edited",
  "bulk.deleted",
  "bulk.edit-undone",
  "csv.imported",
  "csv.exported",
  "csv.audit-exported",
  "csv.import-undone",
  "flyer.image-extracted",
  "settings.changed",
  "brand.changed",
  "view.created",
  "view.edited",
  "view.deleted",
  "lead.edited",
  "contact.created",
  "contact.deleted",
  "contact.imported",
  "contact.import-undone",
  "contact.exported",
  "contact-list.created",
  "contact-list.edited",
  "contact-list.deleted",
  "contact-list.members-added",
  "contact-list.members-removed",
  "contact-segment.created",
  "contact-segment.deleted",
  "contact.unsubscribed",
  "contact.bounced",
  "contact.complained",
  "campaign.created",
  "campaign.edited",
  "campaign.scheduled",
  "campaign.sent",
  "campaign.paused",
  "campaign.resumed",
  "campaign.cancelled",
  "agent.linked",
  "agent.unlinked",
  "auth.sign-in",
  "auth.sign-in-failed",
  "auth.sign-in-refused",
  "auth.lockout",
  "auth.setup",
  "auth.register",
  "auth.password-reset",
  "account.password-changed",
  "account.session-ended",
  "team.role-changed",
  "team.deactivated",
  "team.reactivated",
  "team.reset-link-created",
  "team.invitation-created",
  "team.invitation-cancelled",
  "feed.key-created",
  "feed.key-deleted",
] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

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
 * call of the run, so the log keeps one entry for the run.
 */
export const BULK_ACTION_HEADER = "Bulk-Action";

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
  { value: "room.", label: "Confidentiality agreements" },
  { value: "feed.", label: "Feed keys" },
  { value: "campaign.", label: "Campaigns" },
];
