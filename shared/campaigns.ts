// Listing email campaigns as both sides see them (docs/guides/campaigns.md): a draft names its
// audience and its words; sending fixes the recipients and mails each of them once.
import { z } from "zod";

export const CAMPAIGN_STATUSES = ["draft", "scheduled", "sending", "paused", "sent", "cancelled"] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** A recipient's message: waiting, in the SMTP conversation, accepted, refused, or never to be known (docs/guides/campaigns.md). */
export const RECIPIENT_STATES = ["pending", "sending", "sent", "failed", "unknown", "cancelled"] as const;
export type RecipientState = (typeof RECIPIENT_STATES)[number];

export const CAMPAIGN_LIMITS = { name: 200, subject: 200, preheader: 200, fromName: 100, body: 200_000, audienceIds: 5_000 } as const;

/** What a header may not hold: a line break (or any control character) would start a header of its own. */
const HEADER_BREAK = /[\p{Cc}\u2028\u2029]/u;
const headerText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .max(max, `${label} must be at most ${max} characters`)
    .refine((v) => !HEADER_BREAK.test(v), `${label} must be on one line (no line breaks)`)
    .transform((v) => v.trim());

const ids = (label: string) =>
  z
    .array(z.number({ error: `${label} must be ids` }).int(`${label} must be ids`).positive(`${label} must be ids`), { error: `${label} must be a list of ids` })
    .max(CAMPAIGN_LIMITS.audienceIds, `${label} may hold at most ${CAMPAIGN_LIMITS.audienceIds} ids`);

export const audienceSchema = z.strictObject({
  listIds: ids("listIds").default([]),
  segmentIds: ids("segmentIds").default([]),
  contactIds: ids("contactIds").default([]),
});
export type CampaignAudience = z.output<typeof audienceSchema>;

const fields = {
  name: headerText("name", CAMPAIGN_LIMITS.name).refine((v) => v.length > 0, "Give the campaign a name"),
  subject: headerText("subject", CAMPAIGN_LIMITS.subject),
  preheader: headerText("preheader", CAMPAIGN_LIMITS.preheader),
  fromName: headerText("fromName", CAMPAIGN_LIMITS.fromName),
  replyTo: z
    .string({ error: "replyTo must be an email address" })
    .trim()
    .max(254, "replyTo must be at most 254 characters")
    .refine((v) => !HEADER_BREAK.test(v), "replyTo must be on one line (no line breaks)")
    .refine((v) => v === "" || z.email().safeParse(v).success, "replyTo must be an email address"),
  audience: audienceSchema,
  /** The member's own HTML, sanitised by the server; null for the listing card made from the listing. */
  body: z.string({ error: "body must be HTML text" }).max(CAMPAIGN_LIMITS.body, `body must be at most ${CAMPAIGN_LIMITS.body} characters`).nullable(),
  /** Count opens with a pixel: off by default, and its count is labelled unreliable. */
  trackOpens: z.boolean({ error: "trackOpens must be true or false" }),
};

export const campaignCreateSchema = z.strictObject({
  listingId: z.string({ error: "listingId must be a listing's id" }).max(100).nullable().optional(),
  name: fields.name,
  subject: fields.subject.default(""),
  preheader: fields.preheader.default(""),
  fromName: fields.fromName.default(""),
  replyTo: fields.replyTo.default(""),
  audience: fields.audience.default({ listIds: [], segmentIds: [], contactIds: [] }),
  body: fields.body.default(null),
  trackOpens: fields.trackOpens.default(false),
});
export type CampaignCreate = z.output<typeof campaignCreateSchema>;

export const campaignPatchSchema = z.strictObject({
  name: fields.name.optional(),
  subject: fields.subject.optional(),
  preheader: fields.preheader.optional(),
  fromName: fields.fromName.optional(),
  replyTo: fields.replyTo.optional(),
  audience: fields.audience.optional(),
  body: fields.body.optional(),
  trackOpens: fields.trackOpens.optional(),
});
export type CampaignPatch = z.output<typeof campaignPatchSchema>;

/** What the editor shows before saving: its unsaved body and audience (both optional: the saved ones). */
export const campaignPreviewSchema = z.strictObject({ body: fields.body.optional(), audience: fields.audience.optional() });

/** The message as a recipient will see it, who it reaches now, and what would stop it being sent. */
export interface CampaignPreview {
  /** The whole message (body sanitised, preheader, footer), for a sandboxed frame. */
  html: string;
  /** The listing card made from the listing (the default body); null without a listing. */
  card: string | null;
  /** The contacts the audience reaches now, suppressions taken off. */
  reach: number;
  /** Why sending would be refused as things stand (no postal address, no public address), or null. */
  blocker: string | null;
}

export const campaignSendSchema = z.strictObject({
  at: z.iso.datetime({ offset: true, error: "at must be a date and time like 2026-12-01T09:00:00Z" }).optional(),
});

export const campaignTestSchema = z.strictObject({
  email: z.email({ error: "email must be an email address" }).max(254, "email must be at most 254 characters"),
});

export interface CampaignCounts {
  recipients: number;
  /** Accepted by the SMTP server. */
  delivered: number;
  bounced: number;
  unsubscribed: number;
  clicks: number;
  machineClicks: number;
  inquiries: number;
  /**
   * Recipients whose copy loaded the open pixel, when the campaign counts opens (null otherwise).
   * Unreliable both ways: Apple Mail and some gateways load every image on delivery, and many
   * readers block images, so the app always shows it labelled so.
   */
  opens: number | null;
}

export interface Campaign {
  id: number;
  listingId: string | null;
  name: string;
  subject: string;
  preheader: string;
  fromName: string;
  replyTo: string;
  audience: CampaignAudience;
  body: string | null;
  trackOpens: boolean;
  status: CampaignStatus;
  scheduledAt: string | null;
  startedAt: string | null;
  finishedAt: string | null;
  createdById: number | null;
  createdAt: string;
  updatedAt: string;
  counts: CampaignCounts;
}

/** What the unsubscribe page offers: this listing's campaigns, or every campaign. */
export const UNSUBSCRIBE_SCOPES = ["listing", "all"] as const;
export type UnsubscribeScope = (typeof UNSUBSCRIBE_SCOPES)[number];
