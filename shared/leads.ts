// Leads and their interest in listings. The stages
// are defined here once: the prospect pipeline builds on this very list.
import { z } from "zod";

/** A prospect's stage on one listing, in the order a deal moves through them. */
export const PROSPECT_STAGES = ["inquired", "contacted", "toured", "offer", "underContract", "closed", "lost"] as const;
export type ProspectStage = (typeof PROSPECT_STAGES)[number];

/** How a lead came to be. */
export const LEAD_SOURCES = ["inquiry", "manual", "import"] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];

/**
 * The listing timeline's entry for an inquiry ("Priya Natarajan asked: …"): no member did it, so
 * its sentence names the person who asked (client/src/features/audit/lib/activity-text.ts).
 */
export const INQUIRY_KIND = "listing.inquiry-received";

/** The bell's notification type for a new inquiry: it opens the lead's page. */
export const INQUIRY_NOTICE = "inquiry";

/**
 * What an inquiry asks about: the listing, or, sent from a closed listing's page, properties like
 * it, or the flyer, when the page asks for a name
 * and email before it downloads. A lead each way.
 */
export const INQUIRY_ABOUT = ["listing", "similar", "flyer"] as const;
export type InquiryAbout = (typeof INQUIRY_ABOUT)[number];

/** "I am a" on the inquiry form. */
export const INQUIRER_ROLES = ["principal", "broker", "tenant", "other"] as const;
export type InquirerRole = (typeof INQUIRER_ROLES)[number];
export const INQUIRER_ROLE_LABELS: Record<InquirerRole, string> = {
  principal: "Principal (buyer or owner)",
  broker: "Broker",
  tenant: "Tenant",
  other: "Other",
};

const MAX_NAME = 200;
const MAX_MESSAGE = 5000;
const text = (max: number, label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} can be at most ${max} characters`);
const optionalText = (max: number, label: string) =>
  z
    .union([text(max, label), z.null()])
    .optional()
    .transform((v) => (v ? v : null));

/** What the inquiry form sends; the form's checkbox arrives as "on" or not at all. */
export const inquirySchema = z.object({
  name: text(MAX_NAME, "Name").min(1, "Please enter your name"),
  email: text(254, "Email").pipe(z.email({ error: "Please enter a valid email address" })),
  phone: optionalText(40, "Phone"),
  company: optionalText(MAX_NAME, "Company"),
  role: z.enum(INQUIRER_ROLES, { error: "Please choose what describes you" }),
  message: text(MAX_MESSAGE, "Message").min(1, "Please write a message"),
  exchange1031: z
    .union([z.boolean(), z.literal("on"), z.literal("true"), z.literal("false")])
    .optional()
    .transform((v) => v === true || v === "on" || v === "true"),
});
export type InquiryInput = z.output<typeof inquirySchema>;

/** The short form before a gated flyer: a name and an email only. */
export const flyerRequestSchema = inquirySchema.pick({ name: true, email: true });
/** What a flyer request records as its inquiry's message (the form has none), and as the lead's role. */
export const FLYER_REQUEST_MESSAGE = "Asked for the flyer.";
export const FLYER_REQUEST_ROLE: InquirerRole = "other";

export const leadPatchSchema = z.strictObject({
  name: text(MAX_NAME, "Name").min(1, "Name cannot be empty").optional(),
  phone: optionalText(40, "Phone").optional(),
  company: optionalText(MAX_NAME, "Company").optional(),
  role: z.enum(INQUIRER_ROLES, { error: "Choose principal, broker, tenant or other" }).optional(),
});
export type LeadPatch = z.infer<typeof leadPatchSchema>;

export interface LeadListing {
  listingId: string;
  listingName: string;
  stage: ProspectStage;
}

export interface LeadSummary {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  company: string | null;
  role: InquirerRole;
  source: LeadSource;
  createdAt: string;
  lastActivityAt: string;
  /** Raised by each saved edit; GET /api/leads/:id's ETag, sent back in If-Match. */
  version: number;
  listings: LeadListing[];
  /** How many inquiries the lead sent (0 for one added by hand). */
  inquiryCount: number;
  /** The newest inquiry's message, in full; null when the lead never sent one. */
  latestMessage: string | null;
  /** Whether any of the lead's inquiries said it is a 1031 exchange. */
  exchange1031: boolean;
}

/**
 * GET /api/leads answers one page (a JSON array, as before pages existed) and names the next in a
 * `Link: <…>; rel="next"` header.
 */
export const LEADS_PAGE_SIZE = 100;
export const LEADS_PAGE_MAX = 500;

export interface LeadInquiry {
  id: number;
  listingId: string | null;
  listingName: string | null;
  message: string;
  exchange1031: boolean;
  /** "similar" when it was sent from a closed listing's page to ask about similar properties; "flyer" for a flyer request. */
  about: InquiryAbout;
  createdAt: string;
}

export interface LeadDetail extends LeadSummary {
  inquiries: LeadInquiry[];
  /** What happened with this lead, newest first: inquiries and stage changes. */
  activity: { at: string; kind: string; listingId: string | null; text: string }[];
}

export interface Prospect {
  leadId: number;
  name: string;
  email: string;
  phone: string | null;
  company: string | null;
  role: InquirerRole;
  stage: ProspectStage;
  source: LeadSource;
  createdAt: string;
  lastActivityAt: string;
  /** What they last wrote about this listing; null when they never wrote (added by hand). */
  latestMessage: string | null;
}
