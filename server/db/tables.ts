// The database tables (drizzle), for the server only: the browser never loads this file. The
// value lists and row types come from shared/schema.ts; the checks at the end keep the two in step.
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  json,
  jsonb,
  numeric,
  type PgColumn,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { DEFAULT_BRAND } from "../../shared/brand.js";
import { DEFAULT_SETTINGS } from "../../shared/constants.js";
import { DOCUMENT_LEVELS } from "../../shared/documents.js";
import { LISTING_IMPORT_FIELDS, type ListingImportField } from "../../shared/imports/targets.js";
import type { ImportRowAction, ImportStatus } from "../../shared/imports/wire.js";
import type { ImportKind } from "../../shared/imports/contact-fields.js";
import type { IncomeImportKind } from "../../shared/income-import.js";
import { CONSENTS, CONTACT_STATUSES, type ContactFilter, type ContactInterests } from "../../shared/contacts.js";
import { CAMPAIGN_STATUSES, RECIPIENT_STATES, type CampaignAudience } from "../../shared/campaigns.js";
import { INQUIRER_ROLES, INQUIRY_ABOUT, LEAD_SOURCES, PROSPECT_STAGES } from "../../shared/leads.js";
import { GRANT_LEVELS, GRANT_SOURCES, GRANT_STATUSES, ROOM_APPROVALS } from "../../shared/deal-room.js";
import { LOCATION_PRECISIONS } from "../../shared/location.js";
import { PHOTO_KINDS } from "../../shared/photos.js";
import type { ListingPost } from "../../shared/posts.js";
import type { StatementYear } from "../../shared/operating-statement.js";
import type { SpacesSummary } from "../../shared/spaces-summary.js";
import type { SpaceLeaseType, SpaceRateUnit, SpaceStatus } from "../../shared/spaces.js";
import type { AuditData, SavedMapping, StagedContactRow, StoredImportCounts, StoredPreview, StoredRowShown } from "./json-columns.js";
import {
  BUILDING_CLASSES,
  DEAL_STAGES,
  LEASE_RATE_UNITS,
  LEASE_TYPES,
  PROPERTY_TYPES,
} from "../../shared/listing-fact-choices.js";
import {
  INVITATION_STATUSES,
  MARKETING_CATEGORIES,
  MENTION_EMAIL_CHOICES,
  OFFERING_TYPES,
  POSTS_STATUSES,
  UPLOAD_STATUSES,
  type Agent,
  type Invitation,
  type Listing,
  type ListingNote,
  type Notification,
  type Settings,
  type User,
  type Wish,
  type WishComment,
} from "../../shared/schema.js";

// ---------------------------------------------------------------- enumerations (spec §3)

export const offeringTypeEnum = pgEnum("offering_type", OFFERING_TYPES);
export const marketingCategoryEnum = pgEnum("marketing_category", MARKETING_CATEGORIES);
export const invitationStatusEnum = pgEnum("invitation_status", INVITATION_STATUSES);
export const postsStatusEnum = pgEnum("posts_status", POSTS_STATUSES);
export const uploadStatusEnum = pgEnum("upload_status", UPLOAD_STATUSES);
export const photoKindEnum = pgEnum("photo_kind", PHOTO_KINDS);
export const documentLevelEnum = pgEnum("document_level", DOCUMENT_LEVELS);
// The commercial facts' enumerations (values in shared/listing-fact-choices.ts).
export const propertyTypeEnum = pgEnum("property_type", PROPERTY_TYPES);
export const leaseRateUnitEnum = pgEnum("lease_rate_unit", LEASE_RATE_UNITS);
export const leaseTypeEnum = pgEnum("lease_type", LEASE_TYPES);
export const buildingClassEnum = pgEnum("building_class", BUILDING_CLASSES);
export const dealStageEnum = pgEnum("deal_stage", DEAL_STAGES);
export const mentionEmailEnum = pgEnum("mention_email", MENTION_EMAIL_CHOICES);
export const locationPrecisionEnum = pgEnum("location_precision", LOCATION_PRECISIONS);

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
    // The member this profile is: one each way, kept
    // when the member is deactivated (their history stays), gone with the user row.
    userId: integer("user_id")
      .unique("agents_user_id_unique")
      .references(() => users.id, { onDelete: "set null" }),
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
    // Outside-facing pieces show the city and state only.
    addressConfidential: boolean("address_confidential").notNull().default(false),
    isActive: boolean("is_active").notNull().default(true),
    isStarred: boolean("is_starred").notNull().default(false),
    aiGeneratedPosts: text("ai_generated_posts")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    // "pending" while a remote model writes the posts in the background.
    postsStatus: postsStatusEnum("posts_status").notNull().default("ready"),
    // The posts as objects (platform, edits, publication); ai_generated_posts keeps their texts,
    // the spec's list. Both are written together by server/features/posts/data.ts only.
    posts: jsonb("posts").$type<ListingPost[]>().notNull().default(sql`'[]'::jsonb`),
    postsWriter: text("posts_writer"),
    postsWrittenAt: timestamp("posts_written_at", { withTimezone: true }),
    // postsSourceKey() of the content the posts were written from: differs once it changes.
    postsSource: text("posts_source"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    // Optimistic concurrency: raised by every change; the ETag of GET /api/listings/:id.
    version: integer("version").notNull().default(1),
    updatedById: integer("updated_by_id").references(() => users.id, { onDelete: "set null" }),
    // The facts a broker sells with, all optional. Numbers read back as JSON numbers:
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
    // Where it is, and how that was found: null together when unknown.
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    locationPrecision: locationPrecisionEnum("location_precision"),
    // The range of its available spaces, written with every space change in the same transaction:
    // the lists read it with the listing.
    spacesSummary: jsonb("spaces_summary").$type<SpacesSummary>(),
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
  singleColor: text("single_color").notNull().default(DEFAULT_SETTINGS.singleColor),
  doubleColor: text("double_color").notNull().default(DEFAULT_SETTINGS.doubleColor),
  tripleColor: text("triple_color").notNull().default(DEFAULT_SETTINGS.tripleColor),
  homerunColor: text("homerun_color").notNull().default(DEFAULT_SETTINGS.homerunColor),
  grandSlamColor: text("grand_slam_color").notNull().default(DEFAULT_SETTINGS.grandSlamColor),
  enableCardShadow: boolean("enable_card_shadow").notNull().default(DEFAULT_SETTINGS.enableCardShadow),
  // Email me when I am mentioned: off, right away (10 minutes later, unless read) or a daily digest.
  mentionEmail: mentionEmailEnum("mention_email").notNull().default(DEFAULT_SETTINGS.mentionEmail),
});

// The brokerage's brand: one row, id 1, written on the
// first save; until then the defaults of shared/brand.ts stand.
export const brand = pgTable(
  "brand",
  {
    id: integer("id").primaryKey().default(1),
    brokerageName: text("brokerage_name").notNull().default(""),
    phone: text("phone").notNull().default(""),
    email: text("email").notNull().default(""),
    website: text("website").notNull().default(""),
    address: text("address").notNull().default(""),
    licenseNumber: text("license_number").notNull().default(""),
    logoUrl: text("logo_url").notNull().default(""),
    accentColor: text("accent_color").notNull().default(DEFAULT_BRAND.accentColor),
    disclaimer: text("disclaimer").notNull().default(DEFAULT_BRAND.disclaimer),
    // Raised by every save: part of a flyer's cache key.
    version: integer("version").notNull().default(1),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    updatedById: integer("updated_by_id").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [check("brand_one_row", sql`${t.id} = 1`)],
);

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
    // Null for a notice about the workspace rather than a note (a failed backup).
    listingId: text("listing_id").references(() => listings.id, { onDelete: "cascade" }),
    noteId: integer("note_id").references(() => listingNotes.id, { onDelete: "cascade" }),
    // The lead an inquiry notice is about: the bell opens the lead's page.
    leadId: integer("lead_id").references(() => leads.id, { onDelete: "cascade" }),
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
  // As the image displays (EXIF orientation applied), read from its header when it is stored.
  width: integer("width"),
  height: integer("height"),
  // The flyer link the server pulled it from; null for an upload.
  sourceUrl: text("source_url"),
  createdAt: createdAt(),
}, (t) => [
  // Per-user upload quota (uploads in the last hour) and the sweep of unused uploads.
  index("uploaded_objects_user_created_idx").on(t.userId, t.createdAt),
  index("uploaded_objects_created_idx").on(t.createdAt),
]);

// A listing's photo gallery. The cover's url is always the
// listing's image_url; changes here bump the listing's version in the same transaction, which is
// how lists, open screens and caches hear about them.
export const listingPhotos = pgTable(
  "listing_photos",
  {
    id: serial("id").primaryKey(),
    listingId: text("listing_id")
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    kind: photoKindEnum("kind").notNull().default("photo"),
    caption: text("caption").notNull().default(""),
    position: integer("position").notNull(),
    isCover: boolean("is_cover").notNull().default(false),
    width: integer("width"),
    height: integer("height"),
    sourceUrl: text("source_url"),
    rightsConfirmed: boolean("rights_confirmed").notNull(),
    createdAt: createdAt(),
    createdById: integer("created_by_id").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    index("listing_photos_order_idx").on(t.listingId, t.position),
    uniqueIndex("listing_photos_one_cover_idx").on(t.listingId).where(sql`${t.isCover}`),
    // The unused-upload sweep looks photos up by url.
    index("listing_photos_url_idx").on(t.url),
  ],
);

// A deal-room upload link issued and not yet attached to a document (docs/guides/deal-room.md):
// makes each link single-use and remembers the file's name, whose extension says what it must be.
export const documentUploads = pgTable(
  "document_uploads",
  {
    key: text("key").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    fileName: text("file_name").notNull(),
    received: boolean("received").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index("document_uploads_created_idx").on(t.createdAt)],
);

// A listing's deal-room documents; each has one or more stored versions, the highest current.
export const listingDocuments = pgTable(
  "listing_documents",
  {
    id: serial("id").primaryKey(),
    listingId: text("listing_id")
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    folder: text("folder").notNull().default(""),
    level: documentLevelEnum("level").notNull(),
    downloadable: boolean("downloadable").notNull().default(true),
    version: integer("version").notNull().default(1),
    createdAt: createdAt(),
    createdById: integer("created_by_id").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [index("listing_documents_listing_idx").on(t.listingId, t.folder)],
);

// Every stored version of a document: never changed, kept until the document is deleted.
export const documentVersions = pgTable(
  "document_versions",
  {
    id: serial("id").primaryKey(),
    documentId: integer("document_id")
      .notNull()
      .references(() => listingDocuments.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    // The object's name in storage (docs/<key>), and the upload url it came from.
    storageKey: text("storage_key").notNull(),
    url: text("url").notNull(),
    fileName: text("file_name").notNull(),
    size: integer("size").notNull(),
    contentType: text("content_type").notNull(),
    sha256: text("sha256").notNull(),
    pageCount: integer("page_count"),
    // Why the version keeps its document for the team only (a PDF that cannot be opened), else null.
    note: text("note"),
    createdAt: createdAt(),
    createdById: integer("created_by_id").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [uniqueIndex("document_versions_number_idx").on(t.documentId, t.version)],
);

// A listing's lease spaces (suites), its rent roll and its operating statement
// (docs/guides/spaces-and-income.md). Their choices are checked by the shared zod shapes.
export const listingSpaces = pgTable(
  "listing_spaces",
  {
    id: serial("id").primaryKey(),
    listingId: text("listing_id")
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    suite: text("suite").notNull(),
    floor: text("floor"),
    sizeSf: integer("size_sf").notNull(),
    minDivisibleSf: integer("min_divisible_sf"),
    rate: numeric("rate", { precision: 14, scale: 2, mode: "number" }),
    rateUnit: text("rate_unit").$type<SpaceRateUnit>().notNull(),
    leaseType: text("lease_type").$type<SpaceLeaseType>(),
    availableOn: date("available_on", { mode: "string" }),
    status: text("status").$type<SpaceStatus>().notNull(),
    spaceType: text("space_type"),
    description: text("description"),
    photoIds: integer("photo_ids").array().notNull().default(sql`'{}'::integer[]`),
    createdAt: createdAt(),
  },
  (t) => [index("listing_spaces_listing_idx").on(t.listingId, t.id)],
);

export const rentRollTenants = pgTable(
  "rent_roll_tenants",
  {
    id: serial("id").primaryKey(),
    listingId: text("listing_id")
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    tenant: text("tenant").notNull(),
    suite: text("suite"),
    sizeSf: integer("size_sf").notNull(),
    leaseStart: date("lease_start", { mode: "string" }),
    leaseEnd: date("lease_end", { mode: "string" }),
    annualRent: numeric("annual_rent", { precision: 14, scale: 2, mode: "number" }).notNull(),
    reimbursements: text("reimbursements"),
    options: text("options"),
    notes: text("notes"),
    createdAt: createdAt(),
  },
  (t) => [index("rent_roll_tenants_listing_idx").on(t.listingId, t.id)],
);

/** A rent roll or spaces imported from a file: the rows it replaced, kept so the import can be undone. */
export const incomeImports = pgTable(
  "income_imports",
  {
    id: serial("id").primaryKey(),
    listingId: text("listing_id")
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    /** "rent-roll" or "spaces" (shared/income-import.ts). */
    kind: text("kind").$type<IncomeImportKind>().notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    fileName: text("file_name").notNull(),
    /** The rows before the import, as stored (ids included), restored by an undo. */
    previous: jsonb("previous").$type<Record<string, unknown>[]>().notNull(),
    /** The rows the import wrote, as stored: an undo only runs while the listing's rows are still exactly these. */
    imported: jsonb("imported").$type<Record<string, unknown>[]>().notNull(),
    createdAt: createdAt(),
    undoneAt: timestamp("undone_at", { withTimezone: true }),
  },
  (t) => [index("income_imports_listing_idx").on(t.listingId, t.id)],
);

export const operatingStatements = pgTable("operating_statements", {
  listingId: text("listing_id")
    .primaryKey()
    .references(() => listings.id, { onDelete: "cascade" }),
  t12: jsonb("t12").$type<StatementYear>().notNull(),
  proForma: jsonb("pro_forma").$type<StatementYear>(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

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

// One-time password reset links an admin made. Only the token's SHA-256 is kept, so
// the table leaks no usable link; using one sets used_at in the same UPDATE that checks it.
export const passwordResetTokens = pgTable(
  "password_reset_tokens",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    createdById: integer("created_by_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("password_reset_tokens_user_idx").on(t.userId)],
);

// How far each user's mention notifications have been mailed: the highest notification id a
// mention mail (right away or digest) has covered, so no mention is mailed twice.
export const mentionMailMarks = pgTable("mention_mail_marks", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  lastNotificationId: integer("last_notification_id").notNull(),
});

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

// A limit on outside calls shared by every app server:
// one row per limit, holding when its next call may start; a call claims it atomically.
export const sharedRateLimits = pgTable("shared_rate_limits", {
  name: text("name").primaryKey(),
  nextAt: timestamp("next_at", { withTimezone: true }).notNull(),
});

// Who did what, for the audit log and listing timelines: sign-ins, lockouts, role changes, ...
export const auditEvents = pgTable(
  "audit_events",
  {
    id: serial("id").primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    // No foreign key, like listing_id: the log outlives what it names, and an action on 100,000
    // listings writes 100,000 entries of one actor without checking that key 100,000 times.
    // A name that no longer resolves reads as no one.
    actorId: integer("actor_id"),
    kind: text("kind").notNull(),
    listingId: text("listing_id"),
    address: text("address"),
    data: jsonb("data").$type<AuditData>(),
  },
  (t) => [
    index("audit_events_at_idx").on(t.at),
    index("audit_events_listing_idx").on(t.listingId, t.at),
    index("audit_events_actor_idx").on(t.actorId, t.at),
    // A lead's pipeline moves, for its activity.
    index("audit_events_prospect_lead_idx")
      .on(sql`((${t.data} ->> 'leadId')::integer)`, t.at)
      .where(sql`${t.kind} like 'listing.prospect-%'`),
  ],
);

// The import wizard: a preview staged for an hour, so any app
// server can commit it; once committed, what it wrote (and what it replaced) for a week of undo.
export const imports = pgTable(
  "imports",
  {
    id: uuidText(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    fileName: text("file_name").notNull(),
    // What the file holds: listings, or contacts (which stage and commit through import_rows.contact).
    target: text("target").$type<ImportKind>().notNull().default("listings"),
    status: text("status").$type<ImportStatus>().notNull().default("staged"),
    // The header row's signature, for saved mappings.
    signature: text("signature").notNull(),
    // The preview reply less its rows: columns, mapping, value maps, defaults, match policy, summary.
    preview: jsonb("preview").$type<StoredPreview>().notNull(),
    // The fields the import writes, in order: an update changes only these.
    fields: text("fields").array().notNull(),
    counts: jsonb("counts").$type<StoredImportCounts>(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    committedAt: timestamp("committed_at", { withTimezone: true }),
    undoneAt: timestamp("undone_at", { withTimezone: true }),
    undoneById: integer("undone_by_id").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [index("imports_status_idx").on(t.status, t.committedAt), index("imports_expires_idx").on(t.expiresAt)],
);

/** A nullable column of a listing column's own type and name (raw SQL reads it; no JS mapping). */
const sameTypeAs = (column: PgColumn) => customType<{ data: unknown }>({ dataType: () => column.getSQLType() })(column.name);
/** One column per listing field an import writes (the import's one list of them). */
const stagedValueColumns = () =>
  Object.fromEntries(LISTING_IMPORT_FIELDS.map((field) => [field, sameTypeAs(listings[field])])) as Record<ListingImportField, ReturnType<typeof sameTypeAs>>;

export const importRows = pgTable(
  "import_rows",
  {
    importId: text("import_id")
      .notNull()
      .references(() => imports.id, { onDelete: "cascade" }),
    row: integer("row").notNull(),
    action: text("action").$type<ImportRowAction>().notNull(),
    listingId: text("listing_id"),
    // The row as the preview shows it: errors, changes, duplicateOf, listing.
    shown: json("shown").$type<StoredRowShown>().notNull(),
    // A failed row's cells as in the file, for failures.csv.
    cells: json("cells").$type<string[]>(),
    expectedVersion: integer("expected_version"),
    // Set by the commit: the listing's values before the update, and the version it wrote.
    before: jsonb("before").$type<Record<string, unknown>>(),
    writtenVersion: integer("written_version"),
    // A contact import's row: the contact the file gives (as staged) and, once committed, the
    // contact it created or merged into (no foreign key: undo says what became of a deleted one).
    contact: jsonb("contact").$type<StagedContactRow>(),
    leadId: integer("lead_id"),
    // What the commit writes, typed and named as in listings, so the commit inserts them as they
    // are; null for unchanged and failed rows, and for a field the row
    // does not write.
    ...stagedValueColumns(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.row] }), index("import_rows_listing_idx").on(t.importId, t.listingId)],
);

// A confirmed mapping per header signature, proposed for the next file with the same header.
export const importMappings = pgTable("import_mappings", {
  signature: text("signature").primaryKey(),
  mapping: jsonb("mapping").$type<SavedMapping>().notNull(),
  userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

// Versions of what the versioned lists show, kept by the database itself: the commit of a change
// to listings, notes, agents, or a user's notifications or settings, adds one to its scope's
// version and announces it (migrations/0010_versions_in_the_database.sql). Every app server reads the same numbers, so
// a reply's tag from one holds on any other.
export const appVersions = pgTable("app_versions", {
  /** "listings", "notes", "agents"; "notifications:<user id>", "settings:<user id>"; "notifications" for a change to many users at once. */
  scope: text("scope").primaryKey(),
  version: bigint("version", { mode: "number" }).notNull(),
});

// The scopes a transaction changed, until its commit turns each into one version step (a trigger
// deferred to the commit, so the version row is locked only while the commit ends). Never read.
export const appVersionMarks = pgTable("app_version_marks", {
  scope: text("scope").notNull(),
});

// One row per backup taken by a server (scheduled, or asked for by `npm run backup`), for the
// status admins see in Settings.
export const backupRuns = pgTable(
  "backup_runs",
  {
    id: serial("id").primaryKey(),
    // "scheduled" | "command"
    trigger: text("trigger").notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    ok: boolean("ok"),
    file: text("file"),
    bytes: bigint("bytes", { mode: "number" }),
    error: text("error"),
    // Where the file was copied (BACKUP_TARGET's s3://bucket/prefix/name), null when it stayed here.
    copiedTo: text("copied_to"),
  },
  (t) => [index("backup_runs_started_idx").on(t.startedAt)],
);

// A listing's public page: one row once it is
// first published; the token is the page's address, replaced by a rotation.
export const listingPublications = pgTable("listing_publications", {
  listingId: text("listing_id")
    .primaryKey()
    .references(() => listings.id, { onDelete: "cascade" }),
  token: text("token").notNull().unique(),
  published: boolean("published").notNull().default(false),
  indexable: boolean("indexable").notNull().default(false),
  // Ask for a name and an email before the flyer downloads (a lead); off by default.
  flyerGate: boolean("flyer_gate").notNull().default(false),
  // The brokerage's inventory and the listings feed (docs/guides/inventory-and-feed.md): each
  // counts only while the listing is published.
  inventory: boolean("inventory").notNull().default(false),
  syndicate: boolean("syndicate").notNull().default(false),
  publishedAt: timestamp("published_at", { withTimezone: true }),
  // Raised by every change: part of the rendered page's cache key.
  version: integer("version").notNull().default(1),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

// Keys that read the listings feed (/feeds/listings.json): only the key's SHA-256 is kept, the
// key itself is shown once. last_used_at is written at most once a minute per key.
export const feedKeys = pgTable("feed_keys", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  keyHash: text("key_hash").notNull().unique(),
  createdById: integer("created_by_id").references(() => users.id, { onDelete: "set null" }),
  createdAt: createdAt(),
  lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
});

// Who the feed has served, so a listing that leaves it is answered as a tombstone to `?since=`
// for 30 days. No foreign key: a deleted listing's
// departure is kept too.
export const feedMembers = pgTable("feed_members", {
  listingId: text("listing_id").primaryKey(),
  // Null while the listing is in the feed; when it was seen gone otherwise.
  leftAt: timestamp("left_at", { withTimezone: true }),
  // The RESO StandardStatus its tombstone carries: Closed or Withdrawn.
  leftAs: text("left_as"),
});

// Leads: one per email, matched case-insensitively.
export const leads = pgTable(
  "leads",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    company: text("company"),
    role: text("role", { enum: INQUIRER_ROLES }).notNull(),
    source: text("source", { enum: LEAD_SOURCES }).notNull(),
    createdAt: createdAt(),
    lastActivityAt: timestamp("last_activity_at", { withTimezone: true }).notNull().defaultNow(),
    // Raised by each edit a person saves: the If-Match tag of PATCH /api/leads/:id.
    version: integer("version").notNull().default(1),
    // A lead is a contact (docs/guides/contacts-and-campaigns.md): its tags, what listings it wants
    // to hear of (null: it never said), on what ground we may mail it, and whether we still may.
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    interests: jsonb("interests").$type<ContactInterests>(),
    consent: text("consent", { enum: CONSENTS }).notNull().default("unknown"),
    status: text("status", { enum: CONTACT_STATUSES }).notNull().default("subscribed"),
  },
  (t) => [
    uniqueIndex("leads_email_key").on(sql`lower(${t.email})`),
    index("leads_activity_idx").on(t.lastActivityAt.desc()),
    check("leads_consent", sql.raw(`consent IN (${CONSENTS.map((s) => `'${s}'`).join(", ")})`)),
    check("leads_status", sql.raw(`status IN (${CONTACT_STATUSES.map((s) => `'${s}'`).join(", ")})`)),
  ],
);

// A static list of contacts (docs/guides/contacts-and-campaigns.md): the members a person put in it.
export const contactLists = pgTable(
  "contact_lists",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("contact_lists_name_key").on(sql`lower(${t.name})`)],
);

export const contactListMembers = pgTable(
  "contact_list_members",
  {
    listId: integer("list_id")
      .notNull()
      .references(() => contactLists.id, { onDelete: "cascade" }),
    leadId: integer("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    addedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.listId, t.leadId] }), index("contact_list_members_lead_idx").on(t.leadId)],
);

// A saved segment: a filter, evaluated whenever it is read, so it always holds who matches now.
export const contactSegments = pgTable(
  "contact_segments",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    filter: jsonb("filter").$type<ContactFilter>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("contact_segments_name_key").on(sql`lower(${t.name})`)],
);

// A listing email campaign (docs/guides/campaigns.md): its words, its audience as chosen, and
// where it stands. The recipients are fixed in campaign_recipients when sending starts.
export const campaigns = pgTable(
  "campaigns",
  {
    id: serial("id").primaryKey(),
    listingId: text("listing_id").references(() => listings.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    subject: text("subject").notNull().default(""),
    preheader: text("preheader").notNull().default(""),
    fromName: text("from_name").notNull().default(""),
    replyTo: text("reply_to").notNull().default(""),
    audience: jsonb("audience").$type<CampaignAudience>().notNull(),
    // The member's sanitised HTML; null for the listing card made from the listing when sent.
    body: text("body"),
    status: text("status", { enum: CAMPAIGN_STATUSES }).notNull().default("draft"),
    scheduledAt: timestamp("scheduled_at", { withTimezone: true }),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    // The chain of send runs now in charge: a run of an older chain (before a pause) stops.
    sendChain: text("send_chain"),
    createdById: integer("created_by_id").references(() => users.id, { onDelete: "set null" }),
    // Off unless the member turns it on: an open pixel is what privacy tools block and proxies
    // load for everyone, so its count is shown labelled unreliable (docs/guides/campaigns.md).
    trackOpens: boolean("track_opens").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("campaigns_listing_idx").on(t.listingId),
    check("campaigns_status", sql.raw(`status IN (${CAMPAIGN_STATUSES.map((s) => `'${s}'`).join(", ")})`)),
  ],
);

// When the server-wide send rate is next free (docs/guides/campaigns.md, "Rate"): every campaign's
// send run, on every app server, reserves its batch on this one timeline, so campaigns sending at
// once share CAMPAIGN_RATE_PER_MINUTE instead of each keeping it. One row, locked while reserved.
export const campaignSendPace = pgTable("campaign_send_pace", {
  key: text("key").primaryKey(),
  nextAt: timestamp("next_at", { withTimezone: true }).notNull(),
});

// One row per person a campaign mails, written when sending starts: its state is what makes
// sending resumable without a second copy (docs/guides/campaigns.md).
export const campaignRecipients = pgTable(
  "campaign_recipients",
  {
    id: serial("id").primaryKey(),
    campaignId: integer("campaign_id")
      .notNull()
      .references(() => campaigns.id, { onDelete: "cascade" }),
    leadId: integer("lead_id").references(() => leads.id, { onDelete: "set null" }),
    // As it was when sending started: a later edit of the contact changes no message in flight.
    email: text("email").notNull(),
    name: text("name").notNull(),
    state: text("state", { enum: RECIPIENT_STATES }).notNull().default("pending"),
    // The job run that took the recipient into the SMTP conversation.
    claimJobId: integer("claim_job_id"),
    messageId: text("message_id"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    error: text("error"),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
    // What the email-events webhook reported for this message (docs/guides/campaigns.md).
    bouncedAt: timestamp("bounced_at", { withTimezone: true }),
    complainedAt: timestamp("complained_at", { withTimezone: true }),
    // Clicks through the /c/ redirect: people's, and link scanners' counted apart.
    clicks: integer("clicks").notNull().default(0),
    machineClicks: integer("machine_clicks").notNull().default(0),
    // The first click a person made: an inquiry about the listing after it is the campaign's.
    clickedAt: timestamp("clicked_at", { withTimezone: true }),
    // The first time the open pixel was loaded, when the campaign counts opens.
    openedAt: timestamp("opened_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("campaign_recipients_lead_key").on(t.campaignId, t.leadId),
    index("campaign_recipients_state_idx").on(t.campaignId, t.state, t.id),
    // Bounce and complaint events find their message by our Message-ID, or by the contact.
    index("campaign_recipients_message_idx").on(t.messageId),
    index("campaign_recipients_contact_idx").on(t.leadId),
    check("campaign_recipients_state", sql.raw(`state IN (${RECIPIENT_STATES.map((s) => `'${s}'`).join(", ")})`)),
  ],
);

// Bounces and complaints as the webhook received them: soft bounces are counted over a week, and
// a provider's retry of the same event (same key) is recognised and ignored.
export const emailEvents = pgTable(
  "email_events",
  {
    id: serial("id").primaryKey(),
    kind: text("kind", { enum: ["hard-bounce", "soft-bounce", "complaint"] }).notNull(),
    source: text("source").notNull(),
    email: text("email").notNull(),
    leadId: integer("lead_id").references(() => leads.id, { onDelete: "set null" }),
    recipientId: integer("recipient_id").references(() => campaignRecipients.id, { onDelete: "set null" }),
    eventKey: text("event_key"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("email_events_key").on(t.eventKey), index("email_events_lead_idx").on(t.leadId, t.kind, t.createdAt)],
);

// A contact who asked for no more mail about one listing (the unsubscribe page's narrower choice).
export const listingOptOuts = pgTable(
  "listing_opt_outs",
  {
    leadId: integer("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    listingId: text("listing_id")
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.leadId, t.listingId] }), index("listing_opt_outs_listing_idx").on(t.listingId)],
);

// A lead's interest in one listing (a prospect of that listing), at one of shared/leads.ts's stages.
export const leadListings = pgTable(
  "lead_listings",
  {
    leadId: integer("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    listingId: text("listing_id")
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    stage: text("stage", { enum: PROSPECT_STAGES }).notNull().default("inquired"),
    source: text("source", { enum: LEAD_SOURCES }).notNull(),
    createdAt: createdAt(),
    lastActivityAt: timestamp("last_activity_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.leadId, t.listingId] }),
    index("lead_listings_listing_idx").on(t.listingId),
    check("lead_listings_stage", sql.raw(`stage IN (${PROSPECT_STAGES.map((s) => `'${s}'`).join(", ")})`)),
  ],
);

// What a person wrote through a public page: kept as they wrote it, shown as text everywhere.
export const inquiries = pgTable(
  "inquiries",
  {
    id: serial("id").primaryKey(),
    leadId: integer("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    listingId: text("listing_id").references(() => listings.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    company: text("company"),
    role: text("role", { enum: INQUIRER_ROLES }).notNull(),
    message: text("message").notNull(),
    exchange1031: boolean("exchange_1031").notNull().default(false),
    // "similar": sent from a closed listing's page, about properties like it (shared/leads.ts).
    about: text("about", { enum: INQUIRY_ABOUT }).notNull().default("listing"),
    createdAt: createdAt(),
  },
  (t) => [index("inquiries_lead_idx").on(t.leadId, t.createdAt), index("inquiries_listing_idx").on(t.listingId, t.createdAt)],
);

// A public page's figures per day: people's views
// and flyer downloads, never bots'; visitors as daily-salted hashes, never an address.
export const publicPageDays = pgTable(
  "public_page_days",
  {
    listingId: text("listing_id")
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    views: integer("views").notNull().default(0),
    flyerDownloads: integer("flyer_downloads").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.listingId, t.day] })],
);

export const publicPageVisitors = pgTable(
  "public_page_visitors",
  {
    listingId: text("listing_id")
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    visitor: text("visitor").notNull(),
    // When this visitor's view was last counted: another view counts only 30 minutes later.
    lastViewAt: timestamp("last_view_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.listingId, t.day, t.visitor] })],
);

// Who took a page's flyer each day (daily-salted hashes, like the visitors): one download each.
export const publicPageDownloaders = pgTable(
  "public_page_downloaders",
  {
    listingId: text("listing_id")
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    visitor: text("visitor").notNull(),
  },
  (t) => [primaryKey({ columns: [t.listingId, t.day, t.visitor] })],
);

// A member's inquiry alerts, a row only for those
// who changed one; null is the default. `enabled` is "All inquiries" (admins on, others off);
// `myListings` is "Inquiries about my listings" (on).
export const inquiryAlertChoices = pgTable("inquiry_alert_choices", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  enabled: boolean("enabled"),
  myListings: boolean("my_listings"),
});

// Where people open the app, for the links the app sends when PUBLIC_URL is not set:
// one row, id 1. The origin the first admin set the app
// up from is kept once; an admin may choose another in Settings, which then stands.
export const appAddress = pgTable(
  "app_address",
  {
    id: integer("id").primaryKey().default(1),
    setupOrigin: text("setup_origin"),
    chosenOrigin: text("chosen_origin"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    updatedById: integer("updated_by_id").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [check("app_address_one_row", sql`${t.id} = 1`)],
);

// The brokerage's public inventory (docs/guides/inventory-and-feed.md): one row, id 1. Whether
// search engines may index /inventory, and the websites allowed to frame its embedded page.
export const inventorySettings = pgTable(
  "inventory_settings",
  {
    id: integer("id").primaryKey().default(1),
    indexable: boolean("indexable").notNull().default(false),
    embedOrigins: jsonb("embed_origins").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    updatedById: integer("updated_by_id").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [check("inventory_settings_one_row", sql`${t.id} = 1`)],
);

// The prospect pipeline's team rule: one row, id 1,
// written on the first save; until then a prospect needs a follow-up after 7 quiet days.
export const leadSettings = pgTable(
  "lead_settings",
  {
    id: integer("id").primaryKey().default(1),
    followUpDays: integer("follow_up_days").notNull().default(7),
  },
  (t) => [check("lead_settings_one_row", sql`${t.id} = 1`), check("lead_settings_follow_up_days", sql`${t.followUpDays} between 1 and 90`)],
);

// Members who chose the daily digest of prospects needing follow-up (off unless chosen), and the
// day each was last sent one: claiming the day in one statement makes a digest once, whichever
// server's job runs.
export const prospectDigestChoices = pgTable("prospect_digest_choices", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  enabled: boolean("enabled").notNull(),
  lastSentOn: date("last_sent_on", { mode: "string" }),
});

// ---------------------------------------------------------------- saved views

// A named listing-page address: personal (its owner's) or
// the team's. Names are unique per owner among personal views and across the team's views.
export const savedViews = pgTable(
  "saved_views",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    // The query string the listing pages read (shared/listing-view-query.ts), without "?".
    query: text("query").notNull(),
    // "personal" | "team"
    scope: text("scope").notNull(),
    locked: boolean("locked").notNull().default(false),
    ownerId: integer("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("saved_views_team_name_idx").on(sql`lower(${t.name})`).where(sql`${t.scope} = 'team'`),
    uniqueIndex("saved_views_personal_name_idx").on(t.ownerId, sql`lower(${t.name})`).where(sql`${t.scope} = 'personal'`),
    check("saved_views_scope_check", sql`${t.scope} in ('personal', 'team')`),
  ],
);

// Each person's default view for Active Listings: at most one, gone with the view.
export const savedViewDefaults = pgTable("saved_view_defaults", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  viewId: integer("view_id")
    .notNull()
    .references(() => savedViews.id, { onDelete: "cascade" }),
});

// ---------------------------------------------------------------- the deal room (docs/guides/deal-room.md)

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => Buffer.from(value),
});

// Confidentiality agreements: a template's versions are never changed, only added to, so a
// signature names the exact text it bound.
export const caTemplates = pgTable("ca_templates", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  createdAt: createdAt(),
  createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
});

export const caTemplateVersions = pgTable(
  "ca_template_versions",
  {
    templateId: integer("template_id")
      .notNull()
      .references(() => caTemplates.id, { onDelete: "restrict" }),
    version: integer("version").notNull(),
    body: text("body").notNull(),
    sha256: text("sha256").notNull(),
    createdAt: createdAt(),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [primaryKey({ columns: [t.templateId, t.version] })],
);

// One row per listing whose room has been set; no row is a closed room.
export const roomRules = pgTable("room_rules", {
  listingId: text("listing_id")
    .primaryKey()
    .references(() => listings.id, { onDelete: "cascade" }),
  enabled: boolean("enabled").notNull().default(false),
  caRequired: boolean("ca_required").notNull().default(true),
  approval: text("approval", { enum: ROOM_APPROVALS }).notNull().default("manual"),
  caTemplateId: integer("ca_template_id").references(() => caTemplates.id, { onDelete: "set null" }),
  accessDays: integer("access_days").notNull().default(90),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

// A buyer's request, waiting to be signed: the link's token is kept only as its hash, with the
// agreement's version bound when the link was made (what the page shows is what is signed).
export const roomRequests = pgTable(
  "room_requests",
  {
    id: serial("id").primaryKey(),
    listingId: text("listing_id")
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    company: text("company"),
    phone: text("phone"),
    role: text("role", { enum: INQUIRER_ROLES }).notNull(),
    templateId: integer("template_id").notNull(),
    templateVersion: integer("template_version").notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("room_requests_token_key").on(t.tokenHash), index("room_requests_listing_idx").on(t.listingId)],
);

export const roomGrants = pgTable(
  "room_grants",
  {
    id: serial("id").primaryKey(),
    listingId: text("listing_id")
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    leadId: integer("lead_id").references(() => leads.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    company: text("company"),
    role: text("role", { enum: INQUIRER_ROLES }).notNull(),
    level: text("level", { enum: GRANT_LEVELS }).notNull(),
    status: text("status", { enum: GRANT_STATUSES }).notNull(),
    source: text("source", { enum: GRANT_SOURCES }).notNull(),
    signedAt: timestamp("signed_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    approvedBy: integer("approved_by").references(() => users.id, { onDelete: "set null" }),
    proofUrl: text("proof_url"),
    // The room link's token, as its hash; a new one each time the grant becomes active.
    tokenHash: text("token_hash"),
    createdAt: createdAt(),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [uniqueIndex("room_grants_token_key").on(t.tokenHash), index("room_grants_listing_idx").on(t.listingId, t.createdAt.desc())],
);

// A signature as a court could read it: who, when, from where, what text (its hash), and the PDF
// we made of it with that file's own hash.
export const caSignatures = pgTable(
  "ca_signatures",
  {
    id: serial("id").primaryKey(),
    grantId: integer("grant_id")
      .notNull()
      .references(() => roomGrants.id, { onDelete: "restrict" }),
    listingId: text("listing_id").notNull(),
    templateId: integer("template_id").notNull(),
    templateVersion: integer("template_version").notNull(),
    textSha256: text("text_sha256").notNull(),
    signedName: text("signed_name").notNull(),
    email: text("email").notNull(),
    company: text("company"),
    role: text("role").notNull(),
    signedAt: timestamp("signed_at", { withTimezone: true }).notNull(),
    ip: text("ip"),
    userAgent: text("user_agent"),
    pdf: bytea("pdf").notNull(),
    pdfSha256: text("pdf_sha256").notNull(),
  },
  (t) => [uniqueIndex("ca_signatures_pdf_key").on(t.pdfSha256), uniqueIndex("ca_signatures_grant_key").on(t.grantId)],
);

// ---------------------------------------------------------------- row types in step

// A compile error here means a table and its row type in shared/schema.ts have drifted apart.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const inStep = <T extends true>(..._checks: T[]) => undefined;
// Every view and download in a buyer's room: the record of who holds which version (the recall
// list) and the funnel's "opened the OM". A row is never changed.
export const roomActivity = pgTable(
  "room_activity",
  {
    id: serial("id").primaryKey(),
    listingId: text("listing_id")
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    grantId: integer("grant_id")
      .notNull()
      .references(() => roomGrants.id, { onDelete: "cascade" }),
    documentId: integer("document_id")
      .notNull()
      .references(() => listingDocuments.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    action: text("action", { enum: ["view", "download"] }).notNull(),
    // The document counted as the offering memorandum when it was opened.
    offeringMemorandum: boolean("offering_memorandum").notNull().default(false),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    ip: text("ip"),
    userAgent: text("user_agent"),
  },
  (t) => [index("room_activity_listing_idx").on(t.listingId, t.at.desc()), index("room_activity_grant_idx").on(t.grantId)],
);

inStep<Same<typeof users.$inferSelect, User>>();
inStep<Same<typeof invitations.$inferSelect, Invitation>>();
inStep<Same<typeof agents.$inferSelect, Agent>>();
inStep<Same<typeof listings.$inferSelect, Listing>>();
inStep<Same<typeof settings.$inferSelect, Settings>>();
inStep<Same<typeof listingNotes.$inferSelect, ListingNote>>();
inStep<Same<typeof notifications.$inferSelect, Notification>>();
inStep<Same<typeof wishes.$inferSelect, Wish>>();
inStep<Same<typeof wishComments.$inferSelect, WishComment>>();

// A listing's offering memorandum (docs/guides/offering-memorandum.md): its sections as the team
// ordered them (null: the brokerage's defaults), and its version, raised when the hash of what
// the OM is made from changes.
export const listingOms = pgTable("listing_oms", {
  listingId: text("listing_id")
    .primaryKey()
    .references(() => listings.id, { onDelete: "cascade" }),
  sections: jsonb("sections").$type<{ key: string; enabled: boolean }[]>(),
  inputsHash: text("inputs_hash").notNull().default(""),
  version: integer("version").notNull().default(0),
  versionAt: timestamp("version_at", { withTimezone: true }).notNull().defaultNow(),
});

// The brokerage's default OM sections: one row, id 1, written on the first save.
export const omDefaults = pgTable(
  "om_defaults",
  {
    id: integer("id").primaryKey().default(1),
    sections: jsonb("sections").$type<{ key: string; enabled: boolean }[]>().notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("om_defaults_one_row", sql`${t.id} = 1`)],
);
