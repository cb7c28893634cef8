// The prospect pipeline of a listing: the shapes its
// routes take and give, and the follow-up rules both sides apply. Stages and the prospect's own
// shape are the leads' (shared/leads.ts): the pipeline moves those very rows.
import { z } from "zod";
import { INQUIRER_ROLES, inquirySchema, PROSPECT_STAGES, type ProspectStage } from "./leads.js";

export const PROSPECT_STAGE_LABELS: Record<ProspectStage, string> = {
  inquired: "Inquired",
  contacted: "Contacted",
  toured: "Toured",
  offer: "Offer / LOI",
  underContract: "Under contract",
  closed: "Closed",
  lost: "Lost",
};

/** Stages past which a prospect needs no follow-up: the deal is done either way. */
export const FINISHED_STAGES: readonly ProspectStage[] = ["closed", "lost"];

const stage = z.enum(PROSPECT_STAGES, { error: `Choose one of the stages: ${PROSPECT_STAGES.join(", ")}` });

/** A new person, with the inquiry form's rules for each field; the role is "other" unless given. */
const newPersonSchema = inquirySchema.pick({ name: true, email: true, phone: true, company: true }).extend({
  role: z
    .enum(INQUIRER_ROLES, { error: "Choose principal, broker, tenant or other" })
    .optional()
    .transform((r) => r ?? "other"),
});
export type NewProspectPerson = z.output<typeof newPersonSchema>;

/**
 * POST /api/listings/:id/prospects takes a known lead ({leadId}) or a person, joined to the lead
 * with that email: a body with leadId is the first, any other the second (each with its messages).
 */
export const addKnownLeadSchema = z.strictObject({ leadId: z.number({ error: "leadId must be a lead's number" }).int("leadId must be a lead's number").positive("leadId must be a lead's number") });
export const addNewPersonSchema = newPersonSchema.strict();
export const addProspectSchemaFor = (body: unknown) =>
  body !== null && typeof body === "object" && "leadId" in body ? addKnownLeadSchema : addNewPersonSchema;
export type AddProspectInput = z.output<typeof addKnownLeadSchema> | NewProspectPerson;

export const MAX_PROSPECT_NOTE = 2000;

/** PATCH /api/listings/:id/prospects/:leadId. */
export const moveProspectSchema = z.strictObject({
  stage,
  note: z
    .string({ error: "Note must be text" })
    .trim()
    .max(MAX_PROSPECT_NOTE, `Note can be at most ${MAX_PROSPECT_NOTE} characters`)
    .optional()
    .transform((n) => n || undefined),
});
export type MoveProspectInput = z.output<typeof moveProspectSchema>;

/** The team's follow-up rule (Settings, admins): days without activity before a prospect needs one. */
export const FOLLOW_UP_DAYS_DEFAULT = 7;
export const followUpSettingsSchema = z.strictObject({
  days: z
    .number({ error: "Days must be a whole number from 1 to 90" })
    .int("Days must be a whole number from 1 to 90")
    .min(1, "Days must be a whole number from 1 to 90")
    .max(90, "Days must be a whole number from 1 to 90"),
});
export type FollowUpSettings = z.infer<typeof followUpSettingsSchema>;

/** Each member's own choice: the daily digest of prospects needing follow-up (off unless chosen). */
export const digestChoiceSchema = z.strictObject({ enabled: z.boolean({ error: "enabled must be true or false" }) });

/** One prospect needing follow-up (GET /api/prospects/follow-ups), what any teammate sees of it. */
export interface FollowUp {
  listingId: string;
  listingName: string;
  leadId: number;
  name: string;
  company: string | null;
  stage: ProspectStage;
  lastActivityAt: string;
  /** What they last asked about this listing through its page, or null. */
  latestMessage: string | null;
}

/** The audit kinds of the pipeline: on the listing's timeline, and (by their leadId) on the lead's. */
export const PROSPECT_KINDS = {
  added: "listing.prospect-added",
  moved: "listing.prospect-moved",
  noted: "listing.prospect-noted",
  removed: "listing.prospect-removed",
} as const;
