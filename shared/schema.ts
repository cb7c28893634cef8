// THE schema: tables, enumerations, insert / patch shapes and the public DTOs that cross the wire.
// The client imports the zod shapes from here too, so they are plain zod (no drizzle-zod at
// runtime): drizzle-orm is marked side-effect free, and the tables are tree-shaken out of the SPA.
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  json,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { z } from "zod";
import {
  BUILDING_CLASSES,
  DEAL_STAGES,
  LEASE_RATE_UNITS,
  LEASE_TYPES,
  PROPERTY_TYPES,
} from "./listing-fact-choices.js";
import { listingFactsShape, refineListingFacts, type ListingFactField } from "./listing-facts.js";

// Zod probes for eval (new Function) on its first parse to compile a faster path. In the browser
// our CSP forbids eval, and the probe is reported as a CSP violation even though zod then does
// without; the compiled path is not worth that, on either side.
z.config({ jitless: true });

// ---------------------------------------------------------------- enumerations (spec §3)

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
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

export const offeringTypeEnum = pgEnum("offering_type", OFFERING_TYPES);
export const marketingCategoryEnum = pgEnum("marketing_category", MARKETING_CATEGORIES);
export const invitationStatusEnum = pgEnum("invitation_status", INVITATION_STATUSES);
export const postsStatusEnum = pgEnum("posts_status", POSTS_STATUSES);
export const uploadStatusEnum = pgEnum("upload_status", UPLOAD_STATUSES);
// The commercial facts' enumerations (issue 12; values in shared/listing-fact-choices.ts).
export const propertyTypeEnum = pgEnum("property_type", PROPERTY_TYPES);
export const leaseRateUnitEnum = pgEnum("lease_rate_unit", LEASE_RATE_UNITS);
export const leaseTypeEnum = pgEnum("lease_type", LEASE_TYPES);
export const buildingClassEnum = pgEnum("building_class", BUILDING_CLASSES);
export const dealStageEnum = pgEnum("deal_stage", DEAL_STAGES);

// ---------------------------------------------------------------- tables (spec §3)

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const uuidText = () =>
  text("id")
    .primaryKey()
    .default(sql`gen_random_uuid()::text`);

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    username: text("username").notNull(),
    password: text("password").notNull(),
    email: text("email"),
    isAdmin: boolean("is_admin").notNull().default(false),
    // A deactivated user keeps their name and history but can no longer sign in.
    isActive: boolean("is_active").notNull().default(true),
    // Raised whenever a user's sessions must stop working (password change, role change,
    // deactivation); a session records the epoch it was made in.
    sessionEpoch: integer("session_epoch").notNull().default(0),
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  // Mentions match usernames case-insensitively, so two users may not differ only by case.
  (t) => [uniqueIndex("users_username_lower_idx").on(sql`lower(${t.username})`)],
);

export const invitations = pgTable(
  "invitations",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    token: text("token").notNull().unique(),
    status: invitationStatusEnum("status").notNull().default("pending"),
    invitedBy: integer("invited_by")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [index("invitations_created_at_idx").on(t.createdAt)],
);

export const agents = pgTable(
  "agents",
  {
    id: uuidText(),
    name: text("name").notNull(),
    email: text("email"),
    phone: text("phone"),
    createdAt: createdAt(),
    // Optimistic concurrency: raised by every update; the ETag of GET /api/agents/:id.
    version: integer("version").notNull().default(1),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    updatedById: integer("updated_by_id").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [index("agents_name_idx").on(t.name)],
);

export const listings = pgTable(
  "listings",
  {
    id: uuidText(),
    listingName: text("listing_name").notNull(),
    address: text("address").notNull(),
    city: text("city").notNull(),
    state: text("state").notNull(),
    offeringType: offeringTypeEnum("offering_type").notNull(),
    propertyDescription: text("property_description").notNull(),
    marketingCategory: marketingCategoryEnum("marketing_category").notNull(),
    notes: text("notes"),
    marketingCategoryReference: text("marketing_category_reference"),
    marketingFlyerLink: text("marketing_flyer_link"),
    looplinkLink: text("looplink_link"),
    googleDriveLink: text("google_drive_link"),
    dropboxLink: text("dropbox_link"),
    imageUrl: text("image_url"),
    agentId: text("agent_id").references(() => agents.id, { onDelete: "set null" }),
    isActive: boolean("is_active").notNull().default(true),
    isStarred: boolean("is_starred").notNull().default(false),
    aiGeneratedPosts: text("ai_generated_posts")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    // "pending" while a remote model writes the posts in the background.
    postsStatus: postsStatusEnum("posts_status").notNull().default("ready"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    // Optimistic concurrency: raised by every change; the ETag of GET /api/listings/:id.
    version: integer("version").notNull().default(1),
    updatedById: integer("updated_by_id").references(() => users.id, { onDelete: "set null" }),
    // The facts a broker sells with (issue 12), all optional. Numbers read back as JSON numbers:
    // whole dollars and square feet as integers, the rest as exact decimals (mode "number" is
    // exact for the 2 or 3 decimals they keep); dates are calendar dates, "YYYY-MM-DD".
    propertyType: propertyTypeEnum("property_type"),
    propertySubtype: text("property_subtype"),
    zip: text("zip"),
    askingPrice: bigint("asking_price", { mode: "number" }),
    leaseRate: numeric("lease_rate", { precision: 12, scale: 2, mode: "number" }),
    leaseRateUnit: leaseRateUnitEnum("lease_rate_unit"),
    leaseType: leaseTypeEnum("lease_type"),
    buildingSizeSf: integer("building_size_sf"),
    availableSizeSf: integer("available_size_sf"),
    lotSizeAcres: numeric("lot_size_acres", { precision: 12, scale: 3, mode: "number" }),
    yearBuilt: integer("year_built"),
    buildingClass: buildingClassEnum("building_class"),
    capRate: numeric("cap_rate", { precision: 5, scale: 2, mode: "number" }),
    zoning: text("zoning"),
    dealStage: dealStageEnum("deal_stage"),
    listingDate: date("listing_date", { mode: "string" }),
    expirationDate: date("expiration_date", { mode: "string" }),
  },
  // The list screens read one folder (active or not), starred first, newest next.
  (t) => [
    index("listings_folder_order_idx").on(t.isActive, t.isStarred.desc(), t.createdAt.desc()),
    index("listings_agent_idx").on(t.agentId),
    // CSV import matches an existing listing by name and address, ignoring case and extra spaces.
    index("listings_match_key_idx").on(
      sql`lower(regexp_replace(btrim(${t.listingName}), '\\s+', ' ', 'g'))`,
      sql`lower(regexp_replace(btrim(${t.address}), '\\s+', ' ', 'g'))`,
    ),
  ],
);

export const settings = pgTable("settings", {
  id: serial("id").primaryKey(),
  userId: integer("user_id")
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: "cascade" }),
  singleColor: text("single_color").notNull().default("#9CA3AF"),
  doubleColor: text("double_color").notNull().default("#3B82F6"),
  tripleColor: text("triple_color").notNull().default("#10B981"),
  homerunColor: text("homerun_color").notNull().default("#EF4444"),
  grandSlamColor: text("grand_slam_color").notNull().default("#FFD700"),
  enableCardShadow: boolean("enable_card_shadow").notNull().default(true),
});

export const listingNotes = pgTable(
  "listing_notes",
  {
    id: serial("id").primaryKey(),
    listingId: text("listing_id")
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    content: text("content").notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    // Optimistic concurrency: raised by every edit.
    version: integer("version").notNull().default(1),
  },
  (t) => [index("listing_notes_listing_idx").on(t.listingId, t.createdAt)],
);

export const notifications = pgTable(
  "notifications",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    listingId: text("listing_id")
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    noteId: integer("note_id")
      .notNull()
      .references(() => listingNotes.id, { onDelete: "cascade" }),
    type: text("type").notNull().default("mention"),
    message: text("message").notNull(),
    isRead: boolean("is_read").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index("notifications_user_idx").on(t.userId, t.createdAt.desc())],
);

export const wishes = pgTable("wishes", {
  id: serial("id").primaryKey(),
  userId: integer("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  title: text("title").notNull(),
  description: text("description").notNull(),
  createdAt: createdAt(),
});

export const wishComments = pgTable(
  "wish_comments",
  {
    id: serial("id").primaryKey(),
    wishId: integer("wish_id")
      .notNull()
      .references(() => wishes.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    comment: text("comment").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("wish_comments_wish_idx").on(t.wishId, t.createdAt)],
);

// One row per object a signed upload URL was issued for: makes each URL single-use and lets
// the server remember what it validated.
export const uploadedObjects = pgTable("uploaded_objects", {
  key: text("key").primaryKey(),
  userId: integer("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  status: uploadStatusEnum("status").notNull().default("pending"),
  contentType: text("content_type"),
  size: integer("size"),
  createdAt: createdAt(),
}, (t) => [
  // Per-user upload quota (uploads in the last hour) and the sweep of unused uploads.
  index("uploaded_objects_user_created_idx").on(t.userId, t.createdAt),
  index("uploaded_objects_created_idx").on(t.createdAt),
]);

// express-session's store: one row per signed-in browser.
export const sessions = pgTable(
  "sessions",
  {
    sid: text("sid").primaryKey(),
    sess: json("sess").notNull(),
    expire: timestamp("expire", { withTimezone: true }).notNull(),
    // Whose session this is (null before sign-in): lets a user list and end their sessions and
    // lets deactivation end them all.
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
  },
  (t) => [index("sessions_expire_idx").on(t.expire), index("sessions_user_idx").on(t.userId)],
);

// Rate-limit counters (failed sign-ins, post regenerations, flyer extractions) per hashed key,
// shared by every app server.
export const rateLimitCounters = pgTable(
  "rate_limit_counters",
  {
    key: text("key").primaryKey(),
    hits: integer("hits").notNull(),
    resetAt: timestamp("reset_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("rate_limit_counters_reset_at_idx").on(t.resetAt)],
);

// The one background-work mechanism (docs/decisions): jobs any app server may claim with
// FOR UPDATE SKIP LOCKED, so a restart or a second server loses and doubles nothing.
export const jobs = pgTable(
  "jobs",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").notNull(),
    payload: jsonb("payload").notNull().default(sql`'{}'::jsonb`),
    // At most one queued job per key (e.g. one sweep at a time); null for no such rule.
    uniqueKey: text("unique_key").unique(),
    runAt: timestamp("run_at", { withTimezone: true }).notNull().defaultNow(),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(5),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: createdAt(),
  },
  (t) => [index("jobs_run_at_idx").on(t.runAt)],
);

// Who did what, for the audit log and listing timelines: sign-ins, lockouts, role changes, ...
export const auditEvents = pgTable(
  "audit_events",
  {
    id: serial("id").primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    actorId: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
    kind: text("kind").notNull(),
    listingId: text("listing_id"),
    address: text("address"),
    data: jsonb("data"),
  },
  (t) => [
    index("audit_events_at_idx").on(t.at),
    index("audit_events_listing_idx").on(t.listingId, t.at),
    index("audit_events_actor_idx").on(t.actorId, t.at),
  ],
);

// ---------------------------------------------------------------- row types

export type User = typeof users.$inferSelect;
export type Invitation = typeof invitations.$inferSelect;
export type Agent = typeof agents.$inferSelect;
export type Listing = typeof listings.$inferSelect;
export type Settings = typeof settings.$inferSelect;
export type ListingNote = typeof listingNotes.$inferSelect;
export type Notification = typeof notifications.$inferSelect;
export type Wish = typeof wishes.$inferSelect;
export type WishComment = typeof wishComments.$inferSelect;

// ---------------------------------------------------------------- field rules

export const LIMITS = {
  username: 50,
  passwordMin: 8,
  // scrypt hashes whatever it is given; the cap keeps a login request from being a CPU weapon.
  passwordMax: 256,
  email: 254,
  shortText: 200,
  description: 5000,
  url: 2048,
  note: 5000,
  wishTitle: 200,
  wishDescription: 5000,
  comment: 2000,
} as const;

const requiredText = (label: string, max: number = LIMITS.shortText) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

// Optional text: blank means "not set" and is stored as null.
const optionalText = (label: string, max: number = LIMITS.shortText) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

const isHttpUrl = (v: string) => {
  try {
    const u = new URL(v);
    return u.protocol === "http:" || u.protocol === "https:";
  } catch {
    return false;
  }
};

export const optionalLink = (label: string) =>
  optionalText(label, LIMITS.url).refine(
    (v) => v === null || isHttpUrl(v),
    `${label} must be a web address starting with http:// or https://`,
  );

export const emailField = z
  .string({ error: "Email is required" })
  .trim()
  .min(1, "Email is required")
  .max(LIMITS.email, `Email must be at most ${LIMITS.email} characters`)
  .pipe(z.email("Enter a valid email address"));

// An uploaded image lives on this site (a path) or in a bucket (an http(s) address); nothing
// else may reach an <img src>.
const optionalImageUrl = optionalText("Image", LIMITS.url).refine(
  (v) => v === null || isHttpUrl(v) || /^\/(?![/\\])/.test(v),
  "Image must be a web address starting with http:// or https://, or a path on this site",
);

const flag = (name: string) => z.boolean({ error: `${name} must be true or false` });

const optionalEmail = z
  .string()
  .trim()
  .max(LIMITS.email)
  .nullish()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || z.email().safeParse(v).success, "Enter a valid email address");

// ---------------------------------------------------------------- insert / patch shapes (spec §5)

export const usernameField = requiredText("Username", LIMITS.username).regex(
  /^[A-Za-z0-9._-]+$/,
  "Username may use letters, numbers, dots, dashes and underscores only",
);
export const passwordField = z
  .string({ error: "Password is required" })
  .min(LIMITS.passwordMin, `Password must be at least ${LIMITS.passwordMin} characters`)
  .max(LIMITS.passwordMax, `Password must be at most ${LIMITS.passwordMax} characters`);

/** A new user omits id and isAdmin. */
export const insertUserSchema = z.object({
  username: usernameField,
  password: passwordField,
  email: optionalEmail,
});

export const loginSchema = z.object({
  username: z.string({ error: "Username is required" }).trim().min(1, "Username is required").max(LIMITS.username),
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(LIMITS.passwordMax),
});

export const registerSchema = z.object({
  username: usernameField,
  password: passwordField,
  token: z.string({ error: "Invitation token is required" }).min(1, "Invitation token is required").max(200),
});

export const initAdminSchema = z.object({
  username: usernameField,
  password: passwordField,
  email: emailField,
});

/** A new invitation omits id, token, status and createdAt (the server sets them). */
export const insertInvitationSchema = z.object({ email: emailField });

/** A new agent omits id. */
export const insertAgentSchema = z.object({
  name: requiredText("Name"),
  email: optionalEmail,
  phone: optionalText("Phone", 40).refine(
    (v) => v === null || /^(?=(?:\D*\d){7})\+?[\d\s().-]+(?:\s*(?:x|ext\.?)\s*\d{1,6})?$/i.test(v),
    "Enter a valid phone number: at least 7 digits, using only digits, spaces and + ( ) - .",
  ),
});
export const patchAgentSchema = insertAgentSchema.partial();

// A select left empty in the form says "required"; anything else names the allowed values.
const requiredChoice = <const T extends readonly [string, ...string[]]>(label: string, values: T) =>
  z.enum(values, {
    error: (issue) =>
      issue.input === undefined || issue.input === ""
        ? `${label} is required`
        : `${label} must be one of ${values.join(", ")}`,
  });

/** A new listing omits id and aiGeneratedPosts. */
export const insertListingSchema = z.object({
  listingName: requiredText("Listing Name"),
  address: requiredText("Address"),
  city: requiredText("City", 100),
  state: requiredChoice("State", STATE_CODES),
  offeringType: requiredChoice("Offering Type", OFFERING_TYPES),
  propertyDescription: requiredText("Property Description", LIMITS.description),
  marketingCategory: requiredChoice("Marketing Category", MARKETING_CATEGORIES),
  notes: optionalText("Notes", LIMITS.description),
  marketingCategoryReference: optionalText("Marketing Category Reference"),
  marketingFlyerLink: optionalLink("Marketing Flyer Link"),
  looplinkLink: optionalLink("Looplink Link"),
  googleDriveLink: optionalLink("Google Drive Link"),
  dropboxLink: optionalLink("Dropbox Link"),
  imageUrl: optionalImageUrl,
  agentId: optionalText("Agent", 64),
  isActive: flag("isActive").optional(),
  isStarred: flag("isStarred").optional(),
  ...listingFactsShape,
});
export type InsertListing = z.infer<typeof insertListingSchema>;
/** The form's values before parsing (what react-hook-form holds). */
export type ListingFormValues = z.input<typeof insertListingSchema>;
export const patchListingSchema = insertListingSchema.partial();
/** A whole new listing, with the rules between its facts (a lease rate needs its unit, …). An edit
 * is checked against the stored listing instead (server/features/listings/service.ts). */
export const newListingSchema = insertListingSchema.superRefine(refineListingFacts);

/** The Bulk Edit dialog's fields (spec §2), in its reading order; the server accepts only these. */
export const BULK_EDIT_FIELDS = [
  "offeringType",
  "marketingCategory",
  "notes",
  "marketingCategoryReference",
  "marketingFlyerLink",
  "looplinkLink",
  "googleDriveLink",
  "dropboxLink",
  // The listing facts a team changes for many listings at once (issue 12).
  "propertyType",
  "dealStage",
  "leaseType",
  "buildingClass",
  "expirationDate",
] as const;
export type BulkEditField = (typeof BULK_EDIT_FIELDS)[number];

const hexColor = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .regex(/^#[0-9A-Fa-f]{6}$/, `${label} must be a colour like #RRGGBB`);

export const DEFAULT_SETTINGS = {
  singleColor: "#9CA3AF",
  doubleColor: "#3B82F6",
  tripleColor: "#10B981",
  homerunColor: "#EF4444",
  grandSlamColor: "#FFD700",
  enableCardShadow: true,
} as const;

/** New settings omit id. */
export const insertSettingsSchema = z.object({
  singleColor: hexColor("Single colour"),
  doubleColor: hexColor("Double colour"),
  tripleColor: hexColor("Triple colour"),
  homerunColor: hexColor("Homerun colour"),
  grandSlamColor: hexColor("Grand Slam colour"),
  enableCardShadow: z.boolean({ error: "enableCardShadow must be true or false" }),
});
export const patchSettingsSchema = insertSettingsSchema.partial();

/** New notes omit id and createdAt; listing and author come from the route and the session. */
export const noteContentSchema = z.object({ content: requiredText("Note", LIMITS.note) });

/** New wishes omit id and createdAt. */
export const insertWishSchema = z.object({
  title: requiredText("Title", LIMITS.wishTitle),
  description: requiredText("Description", LIMITS.wishDescription),
});
export const patchWishSchema = insertWishSchema.partial();
export const insertWishCommentSchema = z.object({ comment: requiredText("Comment", LIMITS.comment) });

// ---------------------------------------------------------------- public DTOs

/** What a screen may know of a user: never the password hash. */
export type PublicUser = Pick<User, "id" | "username" | "email" | "isAdmin">;
export const toPublicUser = (u: User): PublicUser => ({
  id: u.id,
  username: u.username,
  email: u.email,
  isAdmin: u.isAdmin,
});

export type InvitationDto = Omit<Invitation, "token"> & { inviteLink: string | null };

/** What the server adds to a listing so the screens need no further calls. */
export interface ListingMeta {
  /** Rows in listing_notes for this listing (the "With Notes" filter). */
  noteCount: number;
  /** The assigned agent's name, null when unassigned. */
  agentName: string | null;
}
/** One listing in full: GET /api/listings/:id and every write that answers with a listing. */
export type ListingWithMeta = Listing & ListingMeta;
/** A listing in the list calls: the posts are left out (the detail dialog reads them by id), and
 * so are facts that are null (docs/decisions/135-listing-facts.md): test them with `== null`. */
export type ListingSummary = Omit<ListingWithMeta, "aiGeneratedPosts" | ListingFactField> &
  Partial<Pick<ListingWithMeta, ListingFactField>>;

export type AgentWithCount = Pick<Agent, "id" | "name" | "email" | "phone"> & { listingCount: number };

/** A user's settings as the screens see them (the row's id and owner stay on the server). */
export type UserSettings = z.infer<typeof insertSettingsSchema>;

/** A note as the notes dialog shows it: with its author's name. */
export type ListingNoteDto = Pick<ListingNote, "id" | "listingId" | "userId" | "content" | "createdAt" | "updatedAt"> & {
  username: string;
};
export type NotificationDto = Pick<Notification, "id" | "message" | "isRead" | "createdAt" | "listingId" | "noteId" | "type">;
export type WishDto = Wish & { username: string; commentCount: number };
/** isAdmin is the commenter's, for the Admin badge. */
export type WishCommentDto = WishComment & { username: string; isAdmin: boolean };
