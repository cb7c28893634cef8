// Leads and prospects (docs/decisions/279-leads-and-prospects.md): an inquiry makes a lead, or
// joins the lead with its email (any case), adds the listing to that lead's interests at the
// first stage, and tells the members who want to know (bell, event stream, mail), all in one
// transaction: there is never an inquiry without its lead, or a lead without its alert.
import type { InquiryInput, LeadDetail, LeadPatch, LeadSource, LeadSummary, Prospect } from "../../../shared/leads.js";
import type { Db, Tx } from "../../db/database.js";
import { versionTag, type EditConflict } from "../../../shared/edit-conflicts.js";
import { notFound, preconditionFailed } from "../../http/http-error.js";
import { fieldChanges, prospectEntriesOfLead, recordAuditEvent } from "../audit/service.js";
import { queueMail } from "../mail/service.js";
import { notifyAboutListing } from "../notifications/service.js";
import { usernameOf } from "../users/service.js";
import * as data from "./data.js";
import { headerSafe, inquiryMail } from "./inquiry-mail.js";
import { leadsCsv } from "./leads-csv.js";
import { pipelineEntryText } from "./pipeline-entry-text.js";

export const INQUIRY_NOTICE = "inquiry";
const LEAD_NOT_FOUND = "Lead not found";

export interface InquiryAlerts {
  /** SMTP is configured: members with alerts on get a mail too. */
  sendsMail: boolean;
  /** Where the team opens the app (the trusted origin), for the mail's link; null: the mail has none. */
  origin: string | null;
}

/** Records an inquiry made through a listing's public page; returns the lead's id. */
export async function recordInquiry(db: Db, listing: { id: string; listingName: string }, input: InquiryInput, alerts: InquiryAlerts): Promise<number> {
  return db.transaction(async (tx) => {
    const leadId = await data.upsertLeadByEmail(tx, input, "inquiry");
    await data.upsertLeadListing(tx, leadId, listing.id, "inquiry");
    await data.insertInquiry(tx, leadId, listing.id, input);
    const members = await data.findInquiryAlertUsers(tx);
    const message = headerSafe(`New inquiry from ${input.name} about ${listing.listingName}`);
    await notifyAboutListing(tx, members.map((m) => m.id), listing.id, INQUIRY_NOTICE, message);
    if (alerts.sendsMail) {
      for (const member of members) {
        if (member.email) await queueMail(tx, inquiryMail(member.email, listing.listingName, input, alerts.origin && `${alerts.origin}/leads/${leadId}`));
      }
    }
    return leadId;
  });
}

/**
 * The lead with this email (any case), made from `person` when there is none: how the prospect
 * pipeline's "Add prospect" joins a known lead, as an inquiry does.
 */
export const joinLeadByEmail = (tx: Tx, person: Pick<InquiryInput, "name" | "email" | "phone" | "company" | "role">, source: LeadSource) =>
  data.upsertLeadByEmail(tx, person, source);

const iso = (d: Date) => d.toISOString();

export async function listLeads(db: Db, filter: { q?: string; listingId?: string }): Promise<LeadSummary[]> {
  const rows = await data.findLeads(db, filter);
  const interests = await data.findLeadListings(db, rows.map((r) => r.id));
  return rows.map((r) => ({
    ...r,
    createdAt: iso(r.createdAt),
    lastActivityAt: iso(r.lastActivityAt),
    listings: interests.filter((i) => i.leadId === r.id).map(({ listingId, listingName, stage }) => ({ listingId, listingName, stage })),
  }));
}

export async function getLead(db: Db, id: number): Promise<LeadDetail> {
  const row = await data.findLead(db, id);
  if (!row) throw notFound(LEAD_NOT_FOUND);
  const [interests, inquiries, moves] = await Promise.all([data.findLeadListings(db, [id]), data.findInquiriesOfLead(db, id), prospectEntriesOfLead(db, id)]);
  return {
    ...row,
    createdAt: iso(row.createdAt),
    lastActivityAt: iso(row.lastActivityAt),
    listings: interests.map(({ listingId, listingName, stage }) => ({ listingId, listingName, stage })),
    inquiries: inquiries.map((q) => ({ ...q, createdAt: iso(q.createdAt) })),
    activity: [
      ...inquiries.map((q) => ({ at: iso(q.createdAt), kind: "inquiry", listingId: q.listingId, text: `Inquired about ${q.listingName ?? "a listing since deleted"}` })),
      ...interests.map((i) => ({ at: iso(i.createdAt), kind: "interest", listingId: i.listingId, text: `Became a prospect of ${i.listingName}` })),
      ...moves.flatMap((m) => {
        const text = pipelineEntryText(m.kind, m.data ?? {});
        return text ? [{ at: iso(m.at), kind: m.kind, listingId: m.listingId, text }] : [];
      }),
    ].sort((a, b) => b.at.localeCompare(a.at)),
  };
}

export const leadTag = (lead: Pick<LeadSummary, "id" | "version">) => versionTag("lead", lead.id, lead.version);
const LEAD_CONFLICT = "Someone else saved this lead after you opened it.";

/** The 412 for an edit made from an older version: the lead as it is now, and who saved it so. */
async function leadConflict(db: Db, id: number) {
  const current = await getLead(db, id);
  const last = await data.findLastLeadEdit(db, id);
  const conflict: EditConflict<LeadDetail> = { message: LEAD_CONFLICT, current, changedBy: await usernameOf(db, last?.actorId ?? null), changedAt: last?.at ?? current.createdAt };
  return preconditionFailed(LEAD_CONFLICT, { ...conflict }, leadTag(current));
}

/**
 * Saves the fields given; one audit entry with what changed, none when nothing did. `versions` is
 * what the editor's If-Match accepts (server/http/if-match.ts; undefined: no condition); the row
 * is locked while it is checked, so of two edits from one version one lands and the other gets 412.
 */
export async function patchLead(db: Db, id: number, patch: LeadPatch, actorId: number, versions?: number[]): Promise<LeadDetail> {
  const saved = await db.transaction(async (tx) => {
    const before = await data.findLead(tx, id, { lock: true });
    if (!before) throw notFound(LEAD_NOT_FOUND);
    if (versions && !versions.includes(before.version)) return false;
    const changes = fieldChanges(before, patch);
    if (Object.keys(changes).length === 0) return true;
    await data.updateLead(tx, id, patch);
    await recordAuditEvent(tx, { kind: "lead.edited", actorId, data: { leadId: id, changes } });
    return true;
  });
  if (!saved) throw await leadConflict(db, id);
  return getLead(db, id);
}

export async function listProspects(db: Db, listingId: string): Promise<Prospect[]> {
  const rows = await data.findProspects(db, listingId);
  return rows.map((r) => ({ ...r, createdAt: iso(r.createdAt), lastActivityAt: iso(r.lastActivityAt) }));
}

/** Every lead as CSV, cells neutralised like the listings export. */
export const leadsCsvText = async (db: Db): Promise<string> => leadsCsv(await listLeads(db, {}));

export const inquiryAlertsOn = (db: Db, userId: number) => data.findInquiryAlertChoice(db, userId);

export async function setInquiryAlerts(db: Db, userId: number, enabled: boolean): Promise<boolean> {
  await db.transaction(async (tx) => {
    await data.saveInquiryAlertChoice(tx, userId, enabled);
    await recordAuditEvent(tx, { kind: "settings.changed", actorId: userId, data: { changes: { inquiryAlerts: [!enabled, enabled] } } });
  });
  return enabled;
}
