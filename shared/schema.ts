// The shapes both sides share: enumerations, row and DTO types, insert / patch zod shapes.
// The browser imports this file, so it holds no database code: the tables live on the server
// (server/db/tables.ts) and are checked against the row types here.
import { z } from "zod";
import "./zod-setup.js";
import { HEX_COLOR } from "./constants.js";
import type { ListingPost } from "./posts.js";
import type { SpacesSummary } from "./spaces-summary.js";
import { listingFactsShape, refineListingFacts, type ListingFactField, type ListingFacts } from "./listing-facts.js";
import { coordinatesProblem, coordinatesShape, type ListingLocation } from "./location.js";
import { withWebScheme } from "./parse/web-address.js";
import { isStorableText, unstorableMessage } from "./storable-text.js";
import {
  MARKETING_CATEGORIES,
  MENTION_EMAIL_CHOICES,
  OFFERING_TYPES,
  STATE_CODES,
  type InvitationStatus,
  type MarketingCategory,
  type MentionEmailChoice,
  type OfferingType,
  type PostsStatus,
} from "./enumerations.js";

// ---------------------------------------------------------------- enumerations (spec §3)

export * from "./enumerations.js";

// ---------------------------------------------------------------- row types
// Written out by hand so that this file needs no database code (the browser imports it); the
// tables in server/db/tables.ts are checked against them at compile time.

export interface User {
  id: number;
  username: string;
  password: string;
  email: string | null;
  isAdmin: boolean;
  isActive: boolean;
  sessionEpoch: number;
  lastSignInAt: Date | null;
  createdAt: Date;
}

export interface Invitation {
  id: number;
  email: string;
  token: string;
  status: InvitationStatus;
  invitedBy: number;
  createdAt: Date;
}

export interface Agent {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  createdAt: Date;
  version: number;
  updatedAt: Date;
  updatedById: number | null;
  /** The member account this profile is, null when unlinked. */
  userId: number | null;
}

/** A listing row; its facts a broker sells with are all optional. */
export interface Listing extends ListingFacts, ListingLocation {
  id: string;
  listingName: string;
  address: string;
  city: string;
  state: string;
  offeringType: OfferingType;
  propertyDescription: string;
  marketingCategory: MarketingCategory;
  notes: string | null;
  marketingCategoryReference: string | null;
  marketingFlyerLink: string | null;
  looplinkLink: string | null;
  googleDriveLink: string | null;
  dropboxLink: string | null;
  imageUrl: string | null;
  agentId: string | null;
  /** Outside-facing pieces (the flyer) show only the city and state. */
  addressConfidential: boolean;
  isActive: boolean;
  isStarred: boolean;
  aiGeneratedPosts: string[];
  postsStatus: PostsStatus;
  /** The same posts as objects, with their platforms. */
  posts: ListingPost[];
  /** "built-in" or the model's name; null for posts written before writers were recorded. */
  postsWriter: string | null;
  postsWrittenAt: Date | null;
  /** postsSourceKey() of what the posts were written from: see postsAreStale() in shared/posts.ts. */
  postsSource: string | null;
  createdAt: Date;
  updatedAt: Date;
  version: number;
  updatedById: number | null;
  /** The range of its available spaces, null without any (shared/spaces-summary.ts); written by the server only. */
  spacesSummary: SpacesSummary | null;
}

export interface Settings {
  id: number;
  userId: number;
  singleColor: string;
  doubleColor: string;
  tripleColor: string;
  homerunColor: string;
  grandSlamColor: string;
  enableCardShadow: boolean;
  mentionEmail: MentionEmailChoice;
}

export interface ListingNote {
  id: number;
  listingId: string;
  userId: number;
  content: string;
  createdAt: Date;
  updatedAt: Date;
  version: number;
}

export interface Notification {
  id: number;
  userId: number;
  /** The listing and note a mention is about; null for a notice about the workspace (a failed backup). */
  listingId: string | null;
  noteId: number | null;
  /** The lead an inquiry notice is about (the bell opens the lead's page); null otherwise. */
  leadId: number | null;
  /** "mention", "inquiry", or "backup-failed". */
  type: string;
  message: string;
  isRead: boolean;
  createdAt: Date;
}

export interface Wish {
  id: number;
  userId: number;
  title: string;
  description: string;
  createdAt: Date;
}

export interface WishComment {
  id: number;
  wishId: number;
  userId: number;
  comment: string;
  createdAt: Date;
}

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

/** A string the database can store (shared/storable-text.ts), with a message naming the field. */
export const storableString = (label: string, required?: string) =>
  z.string(required === undefined ? undefined : { error: required }).refine(isStorableText, unstorableMessage(label));

export const requiredText = (label: string, max: number = LIMITS.shortText) =>
  storableString(label, `${label} is required`)
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

// Optional text: blank means "not set" and is stored as null.
export const optionalText = (label: string, max: number = LIMITS.shortText) =>
  storableString(label)
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

// "www.loopnet.com/..." is taken as its https address (parse/web-address.ts).
export const optionalLink = (label: string) =>
  optionalText(label, LIMITS.url)
    .transform((v) => (v === null ? null : withWebScheme(v)))
    .refine(
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

export const optionalEmail = z
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
// An empty password says "required" like every other empty required field, not
// "at least 8 characters".
export const passwordField = z
  .string({ error: "Password is required" })
  .min(1, "Password is required")
  .min(LIMITS.passwordMin, `Password must be at least ${LIMITS.passwordMin} characters`)
  .max(LIMITS.passwordMax, `Password must be at most ${LIMITS.passwordMax} characters`);

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
  // The setup code from the link the server prints at start; needed from another machine only.
  code: z.string().max(200).optional(),
});

/** A new invitation omits id, token, status and createdAt (the server sets them). */
export const insertInvitationSchema = z.object({ email: emailField });

/** A phone number as people write it; blank is null. Agents' and the brand's. */
export const optionalPhone = optionalText("Phone", 40).refine(
  (v) => v === null || /^(?=(?:\D*\d){7})\+?[\d\s().-]+(?:\s*(?:x|ext\.?)\s*\d{1,6})?$/i.test(v),
  "Enter a valid phone number: at least 7 digits, using only digits, spaces and + ( ) - .",
);

/** A new agent omits id. */
export const insertAgentSchema = z.object({
  name: requiredText("Name"),
  email: optionalEmail,
  phone: optionalPhone,
});
/**
 * An edit sends only what changes. `userId` links the profile to a member account (null unlinks);
 * only admins send it.
 */
export const patchAgentSchema = insertAgentSchema.partial().extend({
  userId: z
    .number({ error: "userId must be a member's id or null" })
    .int("userId must be a member's id or null")
    .positive("userId must be a member's id or null")
    .nullable()
    .optional(),
});
/** A member's own profile (Your account): its name and phone; the email is the account's. */
export const ownAgentProfileSchema = z.object({
  name: requiredText("Name").optional(),
  phone: optionalPhone,
});

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
  addressConfidential: flag("addressConfidential").optional(),
  ...listingFactsShape,
  ...coordinatesShape,
});
export type InsertListing = z.infer<typeof insertListingSchema>;
/** The form's values before parsing (what react-hook-form holds). */
export type ListingFormValues = z.input<typeof insertListingSchema>;
export const patchListingSchema = insertListingSchema.partial();
/** A whole new listing, with the rules between its facts (a lease rate needs its unit, …). An edit
 * is checked against the stored listing instead (server/features/listings/service.ts). */
export const newListingSchema = insertListingSchema.superRefine(refineListing);

/** The rules between a listing's fields: its facts', and coordinates sent both or neither. */
export function refineListing(v: Parameters<typeof refineListingFacts>[0] & Parameters<typeof coordinatesProblem>[0], ctx: z.RefinementCtx): void {
  refineListingFacts(v, ctx);
  const coordinates = coordinatesProblem(v);
  if (coordinates) ctx.addIssue({ code: "custom", message: coordinates, path: ["latitude"] });
}

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
  // The listing facts a team changes for many listings at once.
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
    .regex(HEX_COLOR, `${label} must be a colour like #RRGGBB`);

/** New settings omit id. */
export const insertSettingsSchema = z.object({
  singleColor: hexColor("Single colour"),
  doubleColor: hexColor("Double colour"),
  tripleColor: hexColor("Triple colour"),
  homerunColor: hexColor("Homerun colour"),
  grandSlamColor: hexColor("Grand Slam colour"),
  enableCardShadow: z.boolean({ error: "enableCardShadow must be true or false" }),
  mentionEmail: z.enum(MENTION_EMAIL_CHOICES, { error: "Choose Off, Right away or Daily digest" }),
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

/** A teammate as the Team page's Members section shows them (GET /api/team/members). */
export type TeamMemberDto = Pick<User, "id" | "username" | "email" | "isAdmin" | "isActive" | "createdAt" | "lastSignInAt">;

export const patchMemberSchema = z
  .object({
    isAdmin: z.boolean({ error: "isAdmin must be true or false" }).optional(),
    isActive: z.boolean({ error: "isActive must be true or false" }).optional(),
  })
  .refine((v) => v.isAdmin !== undefined || v.isActive !== undefined, "Send isAdmin or isActive");

export const changePasswordSchema = z.object({
  currentPassword: z.string({ error: "Current password is required" }).min(1, "Current password is required").max(LIMITS.passwordMax),
  newPassword: passwordField,
});

export const passwordResetSchema = z.object({
  token: z.string({ error: "Reset token is required" }).min(1, "Reset token is required").max(200),
  newPassword: passwordField,
});

/** One of the signed-in user's sessions (GET /api/account/sessions); `id` is opaque, never the session id. */
export interface AccountSessionDto {
  id: string;
  browser: string;
  address: string | null;
  startedAt: string | null;
  lastActiveAt: string | null;
  current: boolean;
}

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
 * so are facts that are null: test them with `== null`. */
export type ListingSummary = Omit<ListingWithMeta, "aiGeneratedPosts" | "posts" | "postsWriter" | "postsWrittenAt" | "postsSource" | ListingFactField | keyof ListingLocation> &
  Partial<Pick<ListingWithMeta, ListingFactField | keyof ListingLocation>>;

/** `version` is what an edit sends back in If-Match. */
export type AgentWithCount = Pick<Agent, "id" | "name" | "email" | "phone" | "version" | "userId"> & { listingCount: number };

/** A user's settings as the screens see them (the row's id and owner stay on the server). */
export type UserSettings = z.infer<typeof insertSettingsSchema>;

/** A note as the notes dialog shows it: with its author's name. */
/** `version` is what an edit sends back in If-Match. */
export type ListingNoteDto = Pick<ListingNote, "id" | "listingId" | "userId" | "content" | "createdAt" | "updatedAt" | "version"> & {
  username: string;
};
/** How much of the note a notification shows. */
export const NOTIFICATION_SNIPPET_CHARS = 120;
/** The spec's fields, plus who wrote the note (null once they are gone) and the note's first
 * NOTIFICATION_SNIPPET_CHARS characters, with "…" when it is longer. */
export type NotificationDto = Pick<Notification, "id" | "message" | "isRead" | "createdAt" | "listingId" | "noteId" | "leadId" | "type"> & {
  actor: { id: number; username: string } | null;
  snippet: string;
};
export type WishDto = Wish & { username: string; commentCount: number };
/** isAdmin is the commenter's, for the Admin badge. */
export type WishCommentDto = WishComment & { username: string; isAdmin: boolean };
