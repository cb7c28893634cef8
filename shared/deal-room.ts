// The deal room's rules, confidentiality agreements (CA) and buyers' grants, as both sides read
// them (docs/guides/deal-room.md, "Rules, agreements and grants").
import { z } from "zod";
import { INQUIRER_ROLES } from "./leads.js";

/** How a signer gets in: at once, after a member approves, or principals at once and brokers after approval. */
export const ROOM_APPROVALS = ["auto", "manual", "auto-principals"] as const;
export type RoomApproval = (typeof ROOM_APPROVALS)[number];

export const GRANT_LEVELS = ["ca", "approved"] as const;
export type GrantLevel = (typeof GRANT_LEVELS)[number];
export const GRANT_STATUSES = ["pending", "active", "revoked", "expired"] as const;
export type GrantStatus = (typeof GRANT_STATUSES)[number];
export const GRANT_SOURCES = ["signed", "signed-elsewhere", "waived"] as const;
export type GrantSource = (typeof GRANT_SOURCES)[number];

export const DEFAULT_ACCESS_DAYS = 90;
export const MAX_ACCESS_DAYS = 3650;
/** The bell's notification type for a signed CA or a buyer waiting for approval: it opens the listing's room. */
export const ROOM_NOTICE = "deal-room";

/** A signing link lasts this long and opens once. */
export const SIGN_LINK_MINUTES = 15;

export interface RoomRules {
  listingId: string;
  enabled: boolean;
  caRequired: boolean;
  approval: RoomApproval;
  /** null: the default agreement (the oldest template). */
  caTemplateId: number | null;
  accessDays: number;
}

const accessDays = z
  .number({ error: "Access days must be a whole number of days" })
  .int("Access days must be a whole number of days")
  .min(1, "Access lasts at least 1 day")
  .max(MAX_ACCESS_DAYS, `Access lasts at most ${MAX_ACCESS_DAYS} days`);

export const roomRulesSchema = z.strictObject({
  enabled: z.boolean({ error: "enabled must be true or false" }),
  caRequired: z.boolean({ error: "caRequired must be true or false" }).default(true),
  approval: z.enum(ROOM_APPROVALS, { error: "approval must be auto, manual or auto-principals" }).default("manual"),
  caTemplateId: z.number({ error: "caTemplateId must be a template's id" }).int().positive().nullable().default(null),
  accessDays: accessDays.default(DEFAULT_ACCESS_DAYS),
});
export type RoomRulesInput = z.output<typeof roomRulesSchema>;

export interface CaTemplate {
  id: number;
  name: string;
  version: number;
  body: string;
  /** SHA-256 (hex) of the body. */
  sha256: string;
  updatedAt: string;
  /** Every version, newest first (in the list only their numbers and dates). */
  versions: { version: number; createdAt: string; sha256: string }[];
}

const MAX_CA_BODY = 100_000;
export const caTemplateSchema = z.strictObject({
  name: z.string({ error: "Name must be text" }).trim().min(1, "Please name the agreement").max(200, "Name can be at most 200 characters"),
  body: z.string({ error: "Text must be text" }).trim().min(200, "The agreement's text is too short to be an agreement (200 characters at least)").max(MAX_CA_BODY, `The agreement's text can be at most ${MAX_CA_BODY} characters`),
});
export type CaTemplateInput = z.output<typeof caTemplateSchema>;

const text = (max: number, label: string) => z.string({ error: `${label} must be text` }).trim().max(max, `${label} can be at most ${max} characters`);
const optionalText = (max: number, label: string) =>
  z
    .union([text(max, label), z.null()])
    .optional()
    .transform((v) => (v ? v : null));

/** "Request the offering memorandum" on the public page. */
export const roomRequestSchema = z.object({
  name: text(200, "Name").min(1, "Please enter your name"),
  email: text(254, "Email").pipe(z.email({ error: "Please enter a valid email address" })),
  company: optionalText(200, "Company"),
  phone: optionalText(40, "Phone"),
  role: z.enum(INQUIRER_ROLES, { error: "Please choose what describes you" }),
});
export type RoomRequestInput = z.output<typeof roomRequestSchema>;

export const signSchema = z.object({
  signedName: text(200, "Full name").min(2, "Please type your full name to sign"),
  consent: z.union([z.literal(true), z.literal("on"), z.literal("true")], { error: "Please tick the box to agree to sign electronically" }),
});

export interface Grant {
  id: number;
  leadId: number | null;
  name: string;
  email: string;
  company: string | null;
  role: string;
  listingId: string;
  level: GrantLevel;
  status: GrantStatus;
  signedAt: string | null;
  expiresAt: string;
  source: GrantSource;
  approvedBy: { id: number; username: string } | null;
  /** The signed copy kept as proof (members only), for grants signed elsewhere. */
  proofUrl: string | null;
  /** The signed CA's PDF, for grants signed here. */
  caPdfUrl: string | null;
  createdAt: string;
}

const isoDate = z.iso.datetime({ offset: true, error: "expiresAt must be a date and time (ISO 8601)" });

export const grantPatchSchema = z
  .strictObject({
    status: z.enum(["active", "revoked"], { error: "status must be active (approve) or revoked" }).optional(),
    level: z.enum(GRANT_LEVELS, { error: "level must be ca or approved" }).optional(),
    expiresAt: isoDate.optional(),
  })
  .refine((p) => p.status !== undefined || p.level !== undefined || p.expiresAt !== undefined, { message: "Nothing to change: send status, level or expiresAt" });
export type GrantPatch = z.output<typeof grantPatchSchema>;

/** The signed copy of a CA signed elsewhere: a PDF uploaded as documents are (POST /api/documents/upload). */
const PROOF_UPLOAD_URL = /^\/api\/documents\/files\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const PROOF_UPLOAD = "Upload the signed copy of the agreement (a PDF) as proof";

/** A member's grant to someone who signed a CA elsewhere (with its signed copy), or whose CA is waived. */
export const grantCreateSchema = z
  .strictObject({
    leadId: z.number({ error: "leadId must be a lead's id" }).int().positive().optional(),
    name: text(200, "Name").min(1, "Please enter the name").optional(),
    email: text(254, "Email").pipe(z.email({ error: "Please enter a valid email address" })).optional(),
    company: optionalText(200, "Company"),
    role: z.enum(INQUIRER_ROLES, { error: "Choose principal, broker, tenant or other" }).optional(),
    source: z.enum(["signed-elsewhere", "waived"], { error: "source must be signed-elsewhere or waived" }),
    level: z.enum(GRANT_LEVELS, { error: "level must be ca or approved" }).default("approved"),
    proofUrl: z.string({ error: PROOF_UPLOAD }).regex(PROOF_UPLOAD_URL, PROOF_UPLOAD).optional(),
    expiresAt: isoDate.optional(),
  })
  .refine((g) => g.leadId !== undefined || (g.name !== undefined && g.email !== undefined), { message: "Choose a lead, or give a name and an email" })
  .refine((g) => g.source !== "signed-elsewhere" || g.proofUrl !== undefined, { message: PROOF_UPLOAD, path: ["proofUrl"] });
export type GrantCreate = z.output<typeof grantCreateSchema>;

export interface CaVerification {
  valid: boolean;
  signer?: { name: string; email: string };
  listingId?: string;
  signedAt?: string;
}

// ---------------------------------------------------------------- the buyers' room and its activity

/** Document levels each grant level reaches in the buyer's room (never `team`). */
export const LEVELS_REACHED = { ca: ["public", "ca"], approved: ["public", "ca", "approved"] } as const satisfies Record<GrantLevel, readonly string[]>;

/**
 * Whether a document is the offering memorandum, for the funnel and the agent's notice: its title
 * or folder says "offering memorandum" (or "OM" as a word) — docs/decisions/407.
 */
export const isOfferingMemorandum = (doc: { title: string; folder: string }) => /offering\s+memorandum|\bOM\b/i.test(`${doc.title} ${doc.folder}`);

export type RoomAction = "view" | "download";

/** One view or download in a buyer's room. */
export interface RoomActivityEntry {
  grantId: number;
  name: string;
  email: string;
  company: string | null;
  documentId: number;
  title: string;
  folder: string;
  version: number;
  /** The document's current version now: an entry older than it is on the recall list. */
  currentVersion: number;
  action: RoomAction;
  at: string;
  ip: string | null;
  userAgent: string | null;
}

/** Who holds an older version of a document than its current one: downloaded it before it was replaced. */
export interface RecallEntry {
  documentId: number;
  title: string;
  currentVersion: number;
  holders: { grantId: number; name: string; email: string; version: number; at: string }[];
}

export interface RoomFunnel {
  pageViews: number;
  caRequests: number;
  signed: number;
  approved: number;
  openedOm: number;
  touredOrOffer: number;
}

/** `GET /api/listings/:id/room/activity`. */
export interface RoomActivity {
  entries: RoomActivityEntry[];
  recall: RecallEntry[];
  funnel: RoomFunnel;
}
