// Leads and prospects: an inquiry makes a lead, or
// joins the lead with its email (any case), adds the listing to that lead's interests at the
// first stage, and tells the members who must know (bell, event stream, mail), all in one
// transaction: there is never an inquiry without its lead, or a lead without its alert. Who must
// know.
import { z } from "zod";
import { INQUIRY_KIND, INQUIRY_NOTICE, LEADS_PAGE_SIZE, type InquiryAbout, type InquiryInput, type LeadDetail, type LeadPatch, type LeadSource, type LeadSummary, type Prospect } from "../../../shared/leads.js";
import type { Db, Tx } from "../../db/database.js";
import { versionTag, type EditConflict } from "../../../shared/edit-conflicts.js";
import { badRequest, notFound, preconditionFailed } from "../../http/http-error.js";
import { fieldChanges, prospectEntriesOfLead, recordAuditEvent, recordListingActivity } from "../audit/service.js";
import { queueMail } from "../mail/service.js";
import { notifyAboutListing } from "../notifications/service.js";
import { usernameOf } from "../users/service.js";
import { touchProfileOfMember } from "../agents/service.js";
import * as data from "./data.js";
import type { InquiryAlertChoice } from "./data.js";
import { headerSafe, inquiryMail } from "./inquiry-mail.js";
import { leadsCsvHeader, leadsCsvRows } from "./leads-csv.js";
import { pipelineEntryText } from "./pipeline-entry-text.js";

const LEAD_NOT_FOUND = "Lead not found";

export interface InquiryAlerts {
  /** SMTP is configured: members with alerts on get a mail too. */
  sendsMail: boolean;
  /** Where the team opens the app (the trusted origin), for the mail's link; null: the mail has none. */
  origin: string | null;
}

/** What the admins' notice says when no agent will hear of an inquiry because none is linked. */
export const NO_LINKED_AGENT = "no agent is linked to this listing";

/** Who hears of an inquiry about a listing besides the members with "All inquiries" on. */
interface InquiryAudience {
  /** The member linked to the listing's agent, when they will be told; the name the page may promise. */
  agent: { id: number; email: string | null; name: string } | null;
  /** Why no agent will be told (the admins hear of it instead, and their notice says why); null when one will. */
  fallback: string | null;
}

async function inquiryAudience(db: Db | Tx, listingId: string): Promise<InquiryAudience> {
  const row = await data.findListingAgentMember(db, listingId);
  if (!row?.agentName || row.userId === null) return { agent: null, fallback: NO_LINKED_AGENT };
  if (!row.isActive) return { agent: null, fallback: `${row.agentName}'s account is deactivated` };
  if (!row.myListings) return { agent: null, fallback: `${row.agentName} has turned off inquiries about their listings` };
  return { agent: { id: row.userId, email: row.email, name: row.agentName }, fallback: null };
}

/**
 * The name the public page may promise "will be in touch": the listing's agent only when an
 * inquiry now would reach them; null means "our team".
 */
export async function inquiryAgentName(db: Db, listingId: string): Promise<string | null> {
  return (await inquiryAudience(db, listingId)).agent?.name ?? null;
}

/**
 * Records an inquiry made through a listing's public page; returns the lead's id. `about` is
 * "similar" when a closed listing's page asked about similar properties: the team's alert says so.
 */
export async function recordInquiry(db: Db, listing: { id: string; listingName: string }, input: InquiryInput, alerts: InquiryAlerts, about: InquiryAbout = "listing"): Promise<number> {
  return db.transaction(async (tx) => {
    const leadId = await data.upsertLeadByEmail(tx, input, "inquiry");
    await data.upsertLeadListing(tx, leadId, listing.id, "inquiry");
    await data.insertInquiry(tx, leadId, listing.id, input, about);
    await recordListingActivity(tx, { kind: INQUIRY_KIND, actorId: null, listingId: listing.id, data: { leadId, name: input.name, message: input.message, exchange1031: input.exchange1031, about } });
    const audience = await inquiryAudience(tx, listing.id);
    const told = [...(audience.agent ? [audience.agent] : []), ...(await data.findInquiryAlertUsers(tx)), ...(audience.fallback ? await data.findActiveAdmins(tx) : [])];
    const members = [...new Map(told.map((m) => [m.id, m])).values()];
    const subject = about === "similar" ? `properties similar to ${listing.listingName}` : about === "flyer" ? `the flyer of ${listing.listingName}` : listing.listingName;
    const notice = headerSafe(`New inquiry from ${input.name} about ${subject}`);
    const message = audience.fallback ? `${notice} — ${audience.fallback}` : notice;
    await notifyAboutListing(tx, members.map((m) => m.id), listing.id, INQUIRY_NOTICE, message, leadId);
    if (alerts.sendsMail) {
      for (const member of members) {
        if (member.email) await queueMail(tx, inquiryMail(member.email, subject, input, alerts.origin && `${alerts.origin}/leads/${leadId}`));
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

/**
 * The lead with this email joined (or made) and the listing added to its interests at the first
 * stage, a stage further on kept: how a deal room's signer becomes a prospect, as an inquirer does.
 */
export async function joinLeadForListing(tx: Tx, person: Pick<InquiryInput, "name" | "email" | "phone" | "company" | "role">, listingId: string): Promise<number> {
  const leadId = await data.upsertLeadByEmail(tx, person, "inquiry");
  await data.upsertLeadListing(tx, leadId, listingId, "inquiry");
  return leadId;
}

const iso = (d: Date) => d.toISOString();

const CURSOR_MESSAGE = "The cursor is not one this server gave out";

/** "2026-11-01T12:00:00.123456Z" naming a real instant (not February 30th), as the database wrote it. */
const realInstant = (at: string) => {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.test(at)) return false;
  const ms = Date.parse(at);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 19) === at.slice(0, 19);
};

/** A page's end, as the client sends it back: opaque to it (base64url of the last lead's activity time and id). */
const cursorSchema = z
  .string()
  .max(200)
  .transform((text, ctx) => {
    try {
      const [at, id] = JSON.parse(Buffer.from(text, "base64url").toString("utf8")) as unknown[];
      if (typeof at === "string" && realInstant(at) && Number.isSafeInteger(id) && (id as number) > 0) return { at, id: id as number };
    } catch {
      // Not base64 JSON: the message below.
    }
    ctx.addIssue({ code: "custom", message: CURSOR_MESSAGE });
    return z.NEVER;
  });
const encodeCursor = (after: data.LeadsAfter) => Buffer.from(JSON.stringify([after.at, after.id])).toString("base64url");

/** The listings and inquiries of these leads, joined onto their rows. */
async function summaries<R extends Omit<LeadSummary, "createdAt" | "lastActivityAt" | "listings" | "inquiryCount" | "latestMessage" | "exchange1031"> & { createdAt: Date; lastActivityAt: Date }>(
  db: Db,
  rows: R[],
): Promise<LeadSummary[]> {
  const ids = rows.map((r) => r.id);
  const [interests, asked] = await Promise.all([data.findLeadListings(db, ids), data.findInquirySummaries(db, ids)]);
  return rows.map(({ id, name, email, phone, company, role, source, createdAt, lastActivityAt, version }) => {
    const inquiry = asked.find((q) => q.leadId === id);
    return {
      id,
      name,
      email,
      phone,
      company,
      role,
      source,
      createdAt: iso(createdAt),
      lastActivityAt: iso(lastActivityAt),
      version,
      listings: interests.filter((i) => i.leadId === id).map(({ listingId, listingName, stage }) => ({ listingId, listingName, stage })),
      inquiryCount: inquiry?.count ?? 0,
      latestMessage: inquiry?.message ?? null,
      exchange1031: inquiry?.exchange1031 ?? false,
    };
  });
}

export interface LeadsPage {
  leads: LeadSummary[];
  /** The cursor of the next page; null on the last. */
  nextCursor: string | null;
}

/** One page of the leads matching the filter, newest activity first. */
export async function listLeads(db: Db, filter: { q?: string; listingId?: string }, page: { cursor?: string; limit?: number } = {}): Promise<LeadsPage> {
  const limit = page.limit ?? LEADS_PAGE_SIZE;
  const parsed = page.cursor === undefined ? undefined : cursorSchema.safeParse(page.cursor);
  if (parsed && !parsed.success) throw badRequest(CURSOR_MESSAGE, { cursor: CURSOR_MESSAGE });
  // One more than the page, to know whether another follows.
  const rows = await data.findLeads(db, filter, { after: parsed?.data, limit: limit + 1 });
  const shown = rows.slice(0, limit);
  const last = shown[shown.length - 1];
  return { leads: await summaries(db, shown), nextCursor: rows.length > limit ? encodeCursor({ at: last.activityText, id: last.id }) : null };
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
    inquiryCount: inquiries.length,
    latestMessage: inquiries[0]?.message ?? null,
    exchange1031: inquiries.some((q) => q.exchange1031),
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

const CSV_BATCH = 500;

/**
 * Every lead as CSV, in batches the route writes as they come: the file holds every lead however
 * many there are, and the server holds one batch at a time. Cells neutralised like the listings export.
 */
export async function* leadsCsvChunks(db: Db): AsyncGenerator<string> {
  yield leadsCsvHeader();
  let beforeId: number | undefined;
  for (;;) {
    const rows = await data.findLeadsById(db, beforeId, CSV_BATCH);
    if (rows.length === 0) return;
    yield leadsCsvRows(await summaries(db, rows));
    if (rows.length < CSV_BATCH) return;
    beforeId = rows[rows.length - 1].id;
  }
}

export const inquiryAlertsOn = (db: Db, userId: number): Promise<InquiryAlertChoice> => data.findInquiryAlertChoice(db, userId);

/**
 * Saves a member's own alert choices ("All inquiries", "Inquiries about my listings"), logged as a
 * settings change. A change of the second changes what their listings' pages promise, so it
 * touches their agent profile (the pages' freshness follows agents).
 */
export async function setInquiryAlerts(db: Db, userId: number, choice: Partial<InquiryAlertChoice>): Promise<InquiryAlertChoice> {
  await db.transaction(async (tx) => {
    const before = await data.findInquiryAlertChoice(tx, userId);
    await data.saveInquiryAlertChoice(tx, userId, choice);
    const changes: Record<string, [unknown, unknown]> = {};
    if (choice.enabled !== undefined && choice.enabled !== before.enabled) changes.inquiryAlerts = [before.enabled, choice.enabled];
    if (choice.myListings !== undefined && choice.myListings !== before.myListings) changes.myListingsInquiryAlerts = [before.myListings, choice.myListings];
    if (Object.keys(changes).length > 0) await recordAuditEvent(tx, { kind: "settings.changed", actorId: userId, data: { changes } });
    if (changes.myListingsInquiryAlerts) await touchProfileOfMember(tx, userId);
  });
  return data.findInquiryAlertChoice(db, userId);
}
