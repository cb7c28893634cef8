// The query keys the signed-in first page reads (the shell and Active Listings), apart from the
// other screens' so that page does not carry them all; query-keys.ts, where every key is found,
// re-exports these beside the rest and says how keys are made.

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

/** The cached lists of listings (GET /api/listings, /active, /inactive), which hold list items. */
export const listingListKeys = [listingKeys.all, listingKeys.active, listingKeys.inactive] as const;

export const agentKeys = {
  all: ["/api/agents"],
} as const;

export const notificationKeys = {
  all: ["/api/notifications"],
} as const;

export const settingsKeys = {
  all: ["/api/settings"],
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
