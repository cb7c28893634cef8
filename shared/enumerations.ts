// The value lists of spec §3, without zod: the first page (the card grid and its filters) reads
// them, and must not load zod for it. shared/schema.ts re-exports them beside the shapes.

export const OFFERING_TYPES = [
  "Sell",
  "Lease",
  "Transfer",
  "Sell/Lease",
  "Sell/Transfer",
  "Sell/Lease/Transfer",
] as const;
export type OfferingType = (typeof OFFERING_TYPES)[number];

export const MARKETING_CATEGORIES = ["Single", "Double", "Triple", "Homerun", "Grand Slam"] as const;
export type MarketingCategory = (typeof MARKETING_CATEGORIES)[number];

export const CATEGORY_PRIORITY: Record<MarketingCategory, string> = {
  Single: "basic",
  Double: "medium",
  Triple: "high",
  Homerun: "very high",
  "Grand Slam": "highest",
};

export const STATES = [
  { code: "WV", name: "West Virginia" },
  { code: "PA", name: "Pennsylvania" },
  { code: "MD", name: "Maryland" },
  { code: "OH", name: "Ohio" },
] as const;
export const STATE_CODES = STATES.map((s) => s.code) as [string, ...string[]];

export const POSTS_STATUSES = ["ready", "pending"] as const;
export type PostsStatus = (typeof POSTS_STATUSES)[number];

export const UPLOAD_STATUSES = ["pending", "stored"] as const;

export const INVITATION_STATUSES = ["pending", "accepted", "expired"] as const;
/** "Email me when I'm mentioned" (Settings): never, about 10 minutes later unless read, or once a day. */
export const MENTION_EMAIL_CHOICES = ["off", "immediate", "digest"] as const;
export type MentionEmailChoice = (typeof MENTION_EMAIL_CHOICES)[number];
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

// A saved view is its owner's or the team's; its name is short.
export const VIEW_SCOPES = ["personal", "team"] as const;
export type ViewScope = (typeof VIEW_SCOPES)[number];
export const VIEW_NAME_MAX = 80;
