// Every query key of the app, one hierarchy per server resource.
//
// A key is its API path cut at the slashes, so the default fetch of spec §7 (GET the key's parts
// joined with "/") reads exactly that path, and a key covers every longer key it begins:
// invalidating listingKeys.all refreshes both lists, the counts, every open listing and its notes.
// Keys live here, not in the features, because features refresh each other's data (a listing
// change moves the agents' counts, a note the notifications) without importing each other.

export const authKeys = {
  /** The signed-in user; 401 answers null. */
  user: ["/api/user"],
  needsSetup: ["/api/needs-setup"],
  /** Every invitation check; the token is encoded as the path part it is. */
  invitationChecks: ["/api/invitations", "validate"],
  invitationCheck: (token: string) => ["/api/invitations", "validate", encodeURIComponent(token)],
  /** Every reset-link check, likewise. */
  resetChecks: ["/api/password-reset", "validate"],
  resetCheck: (token: string) => ["/api/password-reset", "validate", encodeURIComponent(token)],
} as const;

export const userKeys = {
  all: ["/api/users"],
} as const;

export const listingKeys = {
  all: ["/api/listings"],
  active: ["/api/listings", "active"],
  inactive: ["/api/listings", "inactive"],
  counts: ["/api/listings", "counts"],
  detail: (id: string) => ["/api/listings", encodeURIComponent(id)],
  notes: (id: string) => ["/api/listings", encodeURIComponent(id), "notes"],
  activity: (id: string) => ["/api/listings", encodeURIComponent(id), "activity"],
  photos: (id: string) => ["/api/listings", encodeURIComponent(id), "photos"],
  publication: (id: string) => ["/api/listings", encodeURIComponent(id), "publication"],
  prospects: (id: string) => ["/api/listings", encodeURIComponent(id), "prospects"],
  marketing: (id: string) => ["/api/listings", encodeURIComponent(id), "marketing"],
  spaces: (id: string) => ["/api/listings", encodeURIComponent(id), "spaces"],
  rentRoll: (id: string) => ["/api/listings", encodeURIComponent(id), "rent-roll"],
  operatingStatement: (id: string) => ["/api/listings", encodeURIComponent(id), "operating-statement"],
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

/** The cached lists of listings (GET /api/listings, /active, /inactive), which hold list items. */
export const listingListKeys = [listingKeys.all, listingKeys.active, listingKeys.inactive] as const;

export const agentKeys = {
  all: ["/api/agents"],
} as const;

export const notificationKeys = {
  all: ["/api/notifications"],
} as const;

export const backupKeys = {
  status: ["/api/backups/status"],
} as const;

export const settingsKeys = {
  all: ["/api/settings"],
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

/**
 * What a change to listings makes stale (spec §7: the lists and the single listing): every
 * listing query, and the agents, whose badges count listings.
 */
export const listingChangeKeys = [listingKeys.all, agentKeys.all] as const;

/** Saved views of the listing pages. */
export const viewKeys = { all: ["/api/views"] } as const;

/** The map's settings and ZIP centres. */
export const mapKeys = {
  basemap: ["/api/maps", "basemap"],
  zip: (zip: string) => ["/api/maps", "zips", encodeURIComponent(zip)],
} as const;

export const inventorySettingsKeys = {
  settings: ["/api/inventory-settings"],
} as const;
