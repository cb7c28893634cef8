// What every state-changing route writes to the audit trail, checked by
// server/test/audit-coverage.test.ts the way the authorization matrix checks access: a new
// POST / PUT / PATCH / DELETE route fails that test until it has a line here.

export type AuditExpectation =
  /** The route writes an entry of this kind; the test makes the request and looks for it. */
  | { writes: string; needs?: undefined }
  /**
   * The route's success needs a state the shared fixtures lack (named here); the test sets it up,
   * makes the request and counts the entries all the same.
   */
  | { writes: string; needs: string }
  /** The route changes nothing worth a trail entry, and the test checks it writes none. */
  | { none: string };

export const AUDIT_COVERAGE: Record<string, AuditExpectation> = {
  // Listings and what hangs off them: their timelines.
  "POST /api/listings": { writes: "listing.created" },
  "PUT /api/listings/:id": { writes: "listing.edited" },
  // A merged save too is one entry with the edit's own fields (edit-conflicts.test.ts).
  "PATCH /api/listings/:id": { writes: "listing.edited" },
  // With a Bulk-Action header (one run of a bulk delete) it writes bulk.deleted and
  // listing.bulk-deleted instead: server/features/audit/bulk-delete.test.ts.
  "DELETE /api/listings/:id": { writes: "listing.deleted" },
  "POST /api/listings/:id/toggle": { writes: "listing.deactivated" },
  "POST /api/listings/:id/toggle-starred": { writes: "listing.starred" },
  "POST /api/listings/:id/activity/:entryId/restore": { writes: "listing.edited" },
  "POST /api/listings/:id/regenerate-posts": { writes: "listing.posts-regenerated" },
  "POST /api/listings/:id/posts/:index/regenerate": { writes: "listing.post-regenerated" },
  "PATCH /api/listings/:id/posts/:index": { writes: "listing.post-edited" },
  "POST /api/listings/:id/posts/page-link": { writes: "listing.posts-page-linked" },
  "POST /api/listings/:id/notes": { writes: "listing.note-added" },
  "PATCH /api/notes/:noteId": { writes: "listing.note-edited" },
  "DELETE /api/notes/:noteId": { writes: "listing.note-deleted" },
  // The gallery: cover and rights changes have their own
  // kinds (server/features/photos/photos.test.ts).
  "POST /api/listings/:id/photos": { writes: "listing.photo-added" },
  "PATCH /api/listings/:id/photos/:photoId": { writes: "listing.photo-edited" },
  "DELETE /api/listings/:id/photos/:photoId": { writes: "listing.photo-removed" },
  "PUT /api/listings/:id/photos/order": { writes: "listing.photos-reordered" },
  // The deal room (docs/guides/deal-room.md): a title, folder or download change writes
  // listing.document-edited instead (server/features/documents/documents.test.ts).
  "POST /api/documents/upload": { none: "an upload link changes nothing until its file is attached to a document" },
  "PUT /api/documents/files/:key": { none: "the bytes wait, unchecked, until they are attached to a document" },
  "POST /api/listings/:id/documents": { writes: "listing.document-added" },
  "PATCH /api/listings/:id/documents/:docId": { writes: "listing.document-level-changed" },
  "DELETE /api/listings/:id/documents/:docId": { writes: "listing.document-deleted" },
  "POST /api/listings/:id/documents/:docId/versions": { writes: "listing.document-version-added" },
  // Spaces, rent roll and operating statement (docs/guides/spaces-and-income.md).
  "POST /api/listings/:id/spaces": { writes: "listing.space-added" },
  "PATCH /api/listings/:id/spaces/:spaceId": { writes: "listing.space-edited" },
  "DELETE /api/listings/:id/spaces/:spaceId": { writes: "listing.space-removed" },
  "POST /api/listings/:id/rent-roll": { writes: "listing.tenant-added" },
  "PATCH /api/listings/:id/rent-roll/:tenantId": { writes: "listing.tenant-edited" },
  "DELETE /api/listings/:id/rent-roll/:tenantId": { writes: "listing.tenant-removed" },
  // A spreadsheet replacing the rent roll or the spaces, and its undo (income-import.ts).
  "POST /api/listings/:id/rent-roll/import/preview": { none: "a preview reads the file and changes nothing" },
  "POST /api/listings/:id/rent-roll/import": { writes: "listing.rent-roll-imported" },
  "POST /api/listings/:id/rent-roll/imports/:importId/undo": { writes: "listing.rent-roll-import-undone" },
  "POST /api/listings/:id/spaces/import/preview": { none: "a preview reads the file and changes nothing" },
  "POST /api/listings/:id/spaces/import": { writes: "listing.spaces-imported" },
  "POST /api/listings/:id/spaces/imports/:importId/undo": { writes: "listing.spaces-import-undone" },
  "PUT /api/listings/:id/operating-statement": { writes: "listing.operating-statement-saved" },
  "PUT /api/listings/:id/om": { writes: "listing.om-sections-changed" },
  "PUT /api/settings/om-defaults": { writes: "settings.changed" },
  "POST /api/listings/:id/om/publish": { writes: "listing.om-published" },
  "PUT /api/listings/bulk": { writes: "bulk.edited" },
  // Not in the admins' log: it is how a listing made with the image reads "created from a flyer".
  "POST /api/looplink/extract-image": { writes: "flyer.image-extracted", needs: "a flyer page served on this machine, and a server allowed to fetch it" },
  "POST /api/listings/bulk/:actionId/undo": { writes: "bulk.edit-undone" },
  "POST /api/listings/import": { writes: "csv.imported" },
  "POST /api/listings/export": { writes: "csv.exported" },
  "POST /api/listings/export/spaces": { writes: "csv.exported" },
  "POST /api/listings/export/rent-roll": { writes: "csv.exported" },
  // The import wizard: the import and its undo, each with per-listing entries pointing at it.
  "POST /api/imports/preview": { none: "a preview is a dry run: it stages the file's rows for an hour and changes no listing" },
  "POST /api/imports/:id/commit": { writes: "csv.imported" },
  // A contacts import's undo writes contact.import-undone instead (contact-imports.test.ts).
  "POST /api/imports/:id/undo": { writes: "csv.import-undone" },
  "PATCH /api/settings": { writes: "settings.changed" },
  "PUT /api/brand": { writes: "brand.changed" },
  // Feed keys (docs/guides/inventory-and-feed.md); a feed request itself writes only the key's last-used time.
  "POST /api/feed-keys": { writes: "feed.key-created" },
  "DELETE /api/feed-keys/:id": { writes: "feed.key-deleted" },
  // The public page: unpublishing, the indexable
  // switch and "show the street address" (a listing.edited) are checked in publication.test.ts.
  "PUT /api/listings/:id/publication": { writes: "listing.published" },
  "POST /api/listings/:id/publication/rotate": { writes: "listing.public-link-rotated" },
  // The deal room (docs/guides/deal-room.md): signatures are written by the buyer's /r/ doors,
  // outside /api (deal-room.test.ts).
  "PUT /api/listings/:id/room": { writes: "listing.room-rules-changed" },
  "POST /api/ca-templates": { writes: "room.ca-template-versioned" },
  "PUT /api/ca-templates/:id": { writes: "room.ca-template-versioned" },
  "POST /api/listings/:id/room/grants": { writes: "listing.room-grant-added" },
  "PATCH /api/listings/:id/room/grants/:grantId": { writes: "listing.room-grant-revoked" },
  "POST /api/ca/verify": { none: "verifying a PDF reads the stored signatures and changes nothing" },
  "PATCH /api/leads/:id": { writes: "lead.edited" },
  "PUT /api/settings/inquiry-alerts": { writes: "settings.changed" },
  // Contacts are leads: an edit is a lead.edited (docs/guides/contacts-and-campaigns.md).
  "POST /api/contacts": { writes: "contact.created" },
  "PATCH /api/contacts/:id": { writes: "lead.edited" },
  "DELETE /api/contacts/:id": { writes: "contact.deleted" },
  "POST /api/contact-lists": { writes: "contact-list.created" },
  "PATCH /api/contact-lists/:id": { writes: "contact-list.edited" },
  "DELETE /api/contact-lists/:id": { writes: "contact-list.deleted" },
  "POST /api/contact-lists/:id/members": { writes: "contact-list.members-added" },
  "DELETE /api/contact-lists/:id/members": { writes: "contact-list.members-removed" },
  "POST /api/contact-segments": { writes: "contact-segment.created" },
  "DELETE /api/contact-segments/:id": { writes: "contact-segment.deleted" },
  // Campaigns (docs/guides/campaigns.md): sending needs SMTP, the brand's postal address and a
  // public address; an unsubscribe (contact.unsubscribed) is written by the recipient's /u/ door.
  "POST /api/campaigns": { writes: "campaign.created" },
  "PATCH /api/campaigns/:id": { writes: "campaign.edited" },
  "POST /api/campaigns/:id/test": { none: "a test goes to one address the sender typed and changes no campaign" },
  "POST /api/campaigns/:id/preview": { none: "the preview is made from the unsaved draft and saves nothing" },
  "POST /api/campaigns/:id/send": { writes: "campaign.sent", needs: "SMTP, the brand's postal address, a public address and a contact to mail" },
  "POST /api/campaigns/:id/pause": { writes: "campaign.paused", needs: "a campaign that is sending" },
  "POST /api/campaigns/:id/resume": { writes: "campaign.resumed", needs: "a paused campaign" },
  "POST /api/campaigns/:id/cancel": { writes: "campaign.cancelled" },
  // A complaint writes contact.complained instead (campaign-results.test.ts).
  "POST /api/webhooks/email-events": { writes: "contact.bounced", needs: "EMAIL_WEBHOOK_SECRET and a contact whose mail bounced" },
  // The prospect pipeline: a note alone writes
  // listing.prospect-noted, a move to the same stage without one nothing (prospects.test.ts).
  "POST /api/listings/:id/prospects": { writes: "listing.prospect-added" },
  "PATCH /api/listings/:id/prospects/:leadId": { writes: "listing.prospect-moved" },
  "DELETE /api/listings/:id/prospects/:leadId": { writes: "listing.prospect-removed" },
  "PUT /api/settings/follow-up": { writes: "settings.changed" },
  "PUT /api/settings/prospect-digest": { writes: "settings.changed" },
  // The app's address: a save that changes nothing writes nothing.
  "PUT /api/settings/app-address": { writes: "settings.changed" },
  "PUT /api/inventory-settings": { writes: "settings.changed" },

  // Saved views: a PATCH that changes nothing writes nothing.
  "POST /api/views": { writes: "view.created" },
  "PATCH /api/views/:id": { writes: "view.edited" },
  "DELETE /api/views/:id": { writes: "view.deleted" },

  // Accounts (recorded by the auth feature from the start).
  "POST /api/login": { writes: "auth.sign-in" },
  "POST /api/init-admin": { writes: "auth.setup", needs: "a workspace with no admin yet" },
  "POST /api/register": { writes: "auth.register", needs: "a pending invitation's token" },
  "POST /api/logout": { none: "signing out ends only the caller's own session; sign-ins are what the log keeps" },

  // Team administration.
  "POST /api/invitations": { writes: "team.invitation-created" },
  "DELETE /api/invitations/:id": { writes: "team.invitation-cancelled" },
  "PATCH /api/team/members/:id": { writes: "team.role-changed", needs: "a member whose role changes" },
  "POST /api/team/members/:id/reset-link": { writes: "team.reset-link-created", needs: "an active member" },
  "POST /api/password-reset": { writes: "auth.password-reset", needs: "a reset link an admin created" },
  "POST /api/account/password": { writes: "account.password-changed", needs: "the caller's current password" },
  "DELETE /api/account/sessions/:id": { writes: "account.session-ended", needs: "a second session of the caller's" },
  "POST /api/account/sessions/sign-out-others": { writes: "account.session-ended", needs: "other sessions of the caller's" },

  // No entry, on purpose.
  "POST /api/objects/upload": { none: "an upload URL changes no listing; the image is logged when a listing uses it" },
  "PUT /api/objects/images/:key": { none: "storing the bytes changes no listing; the image is logged when a listing uses it" },
  "POST /api/agents": { none: "the agent directory is not part of the audit trail (who changed listings and accounts)" },
  // A change of `userId` (linking a profile to a member) writes agent.linked or agent.unlinked:
  // server/features/agents/agent-links.test.ts.
  "PATCH /api/agents/:id": { none: "the agent directory is not part of the audit trail (who changed listings and accounts)" },
  "PUT /api/agents/:id": { none: "the agent directory is not part of the audit trail (who changed listings and accounts)" },
  "POST /api/account/agent-profile": { writes: "agent.linked" },
  "DELETE /api/agents/:id": { none: "the agent directory is not part of the audit trail; listings it frees are not edited by a person" },
  "POST /api/notifications/read-all": { none: "read marks are one person's own inbox state, like reads (never logged)" },
  "POST /api/notifications/:id/read": { none: "read marks are one person's own inbox state, like reads (never logged)" },
  "POST /api/wishes": { none: "the wishlist is feedback to the makers, not workspace data" },
  "PATCH /api/wishes/:id": { none: "the wishlist is feedback to the makers, not workspace data" },
  "DELETE /api/wishes/:id": { none: "the wishlist is feedback to the makers, not workspace data" },
  "POST /api/wishes/:id/comments": { none: "the wishlist is feedback to the makers, not workspace data" },
  "DELETE /api/wishes/comments/:commentId": { none: "the wishlist is feedback to the makers, not workspace data" },
};
