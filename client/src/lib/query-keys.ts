// Every query key of the app, one hierarchy per server resource.
//
// A key is its API path cut at the slashes, so the default fetch of spec §7 (GET the key's parts
// joined with "/") reads exactly that path, and a key covers every longer key it begins:
// invalidating listingKeys.all refreshes both lists, the counts, every open listing and its notes.
// Keys live here, not in the features, because features refresh each other's data (a listing
// change moves the agents' counts, a note the notifications) without importing each other.

export {
  agentKeys,
  authKeys,
  listingChangeKeys,
  listingKeys,
  listingListKeys,
  mapKeys,
  notificationKeys,
  settingsKeys,
  viewKeys,
} from "./first-page-query-keys";

export const userKeys = {
  all: ["/api/users"],
} as const;

export const leadKeys = {
  all: ["/api/leads"],
  /** Under `all`, so whatever refreshes the leads refreshes the lead's page too. */
  detail: (id: number) => ["/api/leads", "detail", id] as const,
  inquiryAlerts: ["/api/settings", "inquiry-alerts"],
  /** Prospects needing a follow-up (the Leads page), the team's rule, and my digest choice. */
  followUps: ["/api/prospects", "follow-ups"],
  followUpDays: ["/api/settings", "follow-up"],
  prospectDigest: ["/api/settings", "prospect-digest"],
} as const;

export const auditKeys = {
  all: ["/api/audit"],
} as const;

export const backupKeys = {
  status: ["/api/backups/status"],
} as const;

export const brandKeys = {
  all: ["/api/brand"],
  // Under the brand's key: a change of the app's address is announced as a brand change.
  appAddress: ["/api/brand", "app-address"],
} as const;

export const wishKeys = {
  all: ["/api/wishes"],
  comments: (wishId: number) => ["/api/wishes", wishId, "comments"],
} as const;

/** Feed keys and the feed's health (admins, in Settings). */
export const feedKeys = {
  keys: ["/api/feed-keys"],
  health: ["/api/feed-health"],
} as const;

export const invitationKeys = {
  all: ["/api/invitations"],
} as const;

export const memberKeys = {
  all: ["/api/team", "members"],
} as const;

/** The import wizard's staged previews and the import history. */
export const importKeys = {
  all: ["/api/imports"],
  detail: (id: string) => ["/api/imports", encodeURIComponent(id)],
  rows: (id: string) => ["/api/imports", encodeURIComponent(id), "rows"],
} as const;

export const accountKeys = {
  sessions: ["/api/account", "sessions"],
} as const;

export const inventorySettingsKeys = {
  settings: ["/api/inventory-settings"],
} as const;
