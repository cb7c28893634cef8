import { and, asc, desc, eq, ilike, inArray, lt, or, sql } from "drizzle-orm";
import type { InquiryAbout, InquiryInput, LeadPatch, LeadSource } from "../../../shared/leads.js";
import type { Db, Tx } from "../../db/database.js";
import { agents, auditEvents, inquiries, inquiryAlertChoices, leadListings, leads, listings, users } from "../../db/tables.js";

export type LeadRow = typeof leads.$inferSelect;

/**
 * The lead with this email (any case), made from the inquiry when there is none; either way its
 * last activity is now. One statement, so two inquiries from one new address make one lead.
 */
export async function upsertLeadByEmail(tx: Tx, input: Pick<InquiryInput, "name" | "email" | "phone" | "company" | "role">, source: LeadSource): Promise<number> {
  const result = (await tx.execute(sql`
    insert into ${leads} (name, email, phone, company, role, source)
    values (${input.name}, ${input.email}, ${input.phone}, ${input.company}, ${input.role}, ${source})
    on conflict (lower(email)) do update set
      last_activity_at = now(),
      phone = coalesce(${leads.phone}, excluded.phone),
      company = coalesce(${leads.company}, excluded.company),
      -- Filling a blank phone or company changes what an editor sees: a new version.
      version = ${leads.version} + case when (${leads.phone} is null and excluded.phone is not null) or (${leads.company} is null and excluded.company is not null) then 1 else 0 end
    returning id`)) as unknown as { rows: { id: number }[] };
  return Number(result.rows[0].id);
}

/** Adds the listing to the lead's interests at the first stage, or marks the interest active again. */
export async function upsertLeadListing(tx: Tx, leadId: number, listingId: string, source: LeadSource): Promise<void> {
  await tx
    .insert(leadListings)
    .values({ leadId, listingId, source, stage: "inquired" })
    .onConflictDoUpdate({ target: [leadListings.leadId, leadListings.listingId], set: { lastActivityAt: sql`now()` } });
}

export async function insertInquiry(tx: Tx, leadId: number, listingId: string, input: InquiryInput, about: InquiryAbout): Promise<number> {
  const [row] = await tx
    .insert(inquiries)
    .values({ leadId, listingId, name: input.name, email: input.email, phone: input.phone, company: input.company, role: input.role, message: input.message, exchange1031: input.exchange1031, about })
    .returning({ id: inquiries.id });
  return row.id;
}

const leadColumns = {
  id: leads.id,
  name: leads.name,
  email: leads.email,
  phone: leads.phone,
  company: leads.company,
  role: leads.role,
  source: leads.source,
  createdAt: leads.createdAt,
  lastActivityAt: leads.lastActivityAt,
  version: leads.version,
};

/** Where a page of leads ends: its last lead's activity time (to the microsecond, as stored) and id. */
export interface LeadsAfter {
  at: string;
  id: number;
}

/** The activity time as the database holds it, to the microsecond (a JS Date keeps only milliseconds). */
const activityText = sql<string>`to_char(${leads.lastActivityAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * One page of the leads matching the search (name, email, company, phone) and interested in the
 * listing, newest activity first, after `after` (keyset paging.md).
 */
export async function findLeads(db: Db, filter: { q?: string; listingId?: string }, page: { after?: LeadsAfter; limit: number }) {
  const pattern = filter.q ? `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  return db
    .select({ ...leadColumns, activityText })
    .from(leads)
    .where(
      and(
        pattern ? or(ilike(leads.name, pattern), ilike(leads.email, pattern), ilike(leads.company, pattern), ilike(leads.phone, pattern)) : undefined,
        filter.listingId
          ? inArray(leads.id, db.select({ id: leadListings.leadId }).from(leadListings).where(eq(leadListings.listingId, filter.listingId)))
          : undefined,
        page.after ? sql`(${leads.lastActivityAt}, ${leads.id}) < (${page.after.at}::timestamptz, ${page.after.id})` : undefined,
      ),
    )
    .orderBy(desc(leads.lastActivityAt), desc(leads.id))
    .limit(page.limit);
}

/**
 * One batch of every lead for the export, newest first by id: an id never changes, so a lead
 * that gets activity while the file streams is neither missed nor written twice.
 */
export async function findLeadsById(db: Db, beforeId: number | undefined, limit: number) {
  return db
    .select(leadColumns)
    .from(leads)
    .where(beforeId === undefined ? undefined : lt(leads.id, beforeId))
    .orderBy(desc(leads.id))
    .limit(limit);
}

/** Per lead: how many inquiries, its latest message, and whether any inquiry said 1031. */
export async function findInquirySummaries(db: Db, leadIds: number[]) {
  if (leadIds.length === 0) return [];
  return db
    .selectDistinctOn([inquiries.leadId], {
      leadId: inquiries.leadId,
      count: sql<number>`count(*) over (partition by ${inquiries.leadId})`.mapWith(Number),
      exchange1031: sql<boolean>`bool_or(${inquiries.exchange1031}) over (partition by ${inquiries.leadId})`,
      message: inquiries.message,
      at: inquiries.createdAt,
    })
    .from(inquiries)
    .where(inArray(inquiries.leadId, leadIds))
    .orderBy(inquiries.leadId, desc(inquiries.createdAt), desc(inquiries.id));
}

export async function findLead(db: Db | Tx, id: number, opts: { lock?: boolean } = {}) {
  const query = db.select(leadColumns).from(leads).where(eq(leads.id, id));
  const [row] = await (opts.lock ? query.for("update") : query);
  return row;
}

/** The listings of these leads, with their names and stages. */
export async function findLeadListings(db: Db, leadIds: number[]) {
  if (leadIds.length === 0) return [];
  return db
    .select({ leadId: leadListings.leadId, listingId: leadListings.listingId, listingName: listings.listingName, stage: leadListings.stage, createdAt: leadListings.createdAt })
    .from(leadListings)
    .innerJoin(listings, eq(listings.id, leadListings.listingId))
    .where(inArray(leadListings.leadId, leadIds))
    .orderBy(asc(leadListings.createdAt));
}

export async function findInquiriesOfLead(db: Db, leadId: number) {
  return db
    .select({ id: inquiries.id, listingId: inquiries.listingId, listingName: listings.listingName, message: inquiries.message, exchange1031: inquiries.exchange1031, about: inquiries.about, createdAt: inquiries.createdAt })
    .from(inquiries)
    .leftJoin(listings, eq(listings.id, inquiries.listingId))
    .where(eq(inquiries.leadId, leadId))
    .orderBy(desc(inquiries.createdAt), desc(inquiries.id));
}

/** Saves a person's edit and raises the lead's version. */
export async function updateLead(tx: Tx, id: number, patch: LeadPatch) {
  const [row] = await tx.update(leads).set({ ...patch, version: sql`${leads.version} + 1` }).where(eq(leads.id, id)).returning(leadColumns);
  return row;
}

/** Who saved the lead's last edit, and when (its newest lead.edited entry); undefined when no one has. */
export async function findLastLeadEdit(db: Db, id: number): Promise<{ actorId: number | null; at: Date } | undefined> {
  const [row] = await db
    .select({ actorId: auditEvents.actorId, at: auditEvents.at })
    .from(auditEvents)
    .where(and(eq(auditEvents.kind, "lead.edited"), sql`${auditEvents.data}->>'leadId' = ${String(id)}`))
    .orderBy(desc(auditEvents.id))
    .limit(1);
  return row;
}

/** A listing's prospects: its leads with the stage and source of their interest in it. */
export async function findProspects(db: Db, listingId: string) {
  return db
    .select({
      leadId: leads.id,
      name: leads.name,
      email: leads.email,
      phone: leads.phone,
      company: leads.company,
      role: leads.role,
      stage: leadListings.stage,
      source: leadListings.source,
      createdAt: leadListings.createdAt,
      lastActivityAt: leadListings.lastActivityAt,
      // What they last wrote about this listing (the prospects panel shows it, shortened).
      latestMessage: sql<string | null>`(select ${inquiries.message} from ${inquiries} where ${inquiries.leadId} = ${leads.id} and ${inquiries.listingId} = ${leadListings.listingId} order by ${inquiries.createdAt} desc, ${inquiries.id} desc limit 1)`,
    })
    .from(leadListings)
    .innerJoin(leads, eq(leads.id, leadListings.leadId))
    .where(eq(leadListings.listingId, listingId))
    .orderBy(desc(leadListings.lastActivityAt), desc(leads.id));
}

/** Active members with "All inquiries" on: their own choice, else on for admins and off for others. */
export async function findInquiryAlertUsers(db: Db | Tx): Promise<{ id: number; email: string | null }[]> {
  return db
    .select({ id: users.id, email: users.email })
    .from(users)
    .leftJoin(inquiryAlertChoices, eq(inquiryAlertChoices.userId, users.id))
    .where(and(eq(users.isActive, true), sql`coalesce(${inquiryAlertChoices.enabled}, ${users.isAdmin})`));
}

/** Every active admin: who hears of an inquiry that no agent will. */
export async function findActiveAdmins(db: Db | Tx): Promise<{ id: number; email: string | null }[]> {
  return db.select({ id: users.id, email: users.email }).from(users).where(and(eq(users.isActive, true), eq(users.isAdmin, true)));
}

/**
 * The listing's agent and the member that profile is linked to (null fields when there is none):
 * whether they may sign in, and their "Inquiries about my listings" (on unless they turned it off).
 */
export async function findListingAgentMember(db: Db | Tx, listingId: string) {
  const [row] = await db
    .select({
      agentName: agents.name,
      userId: users.id,
      email: users.email,
      isActive: users.isActive,
      myListings: sql<boolean>`coalesce(${inquiryAlertChoices.myListings}, true)`,
    })
    .from(listings)
    .leftJoin(agents, eq(agents.id, listings.agentId))
    .leftJoin(users, eq(users.id, agents.userId))
    .leftJoin(inquiryAlertChoices, eq(inquiryAlertChoices.userId, users.id))
    .where(eq(listings.id, listingId));
  return row;
}

export interface InquiryAlertChoice {
  /** "All inquiries". */
  enabled: boolean;
  /** "Inquiries about my listings". */
  myListings: boolean;
}

export async function findInquiryAlertChoice(db: Db | Tx, userId: number): Promise<InquiryAlertChoice> {
  const [row] = await db
    .select({
      enabled: sql<boolean>`coalesce(${inquiryAlertChoices.enabled}, ${users.isAdmin})`,
      myListings: sql<boolean>`coalesce(${inquiryAlertChoices.myListings}, true)`,
    })
    .from(users)
    .leftJoin(inquiryAlertChoices, eq(inquiryAlertChoices.userId, users.id))
    .where(eq(users.id, userId));
  return row ?? { enabled: false, myListings: true };
}

/** Saves the choices given; one left out keeps what it was (or its default). */
export async function saveInquiryAlertChoice(tx: Tx, userId: number, choice: Partial<InquiryAlertChoice>): Promise<void> {
  await tx.insert(inquiryAlertChoices).values({ userId, ...choice }).onConflictDoUpdate({ target: inquiryAlertChoices.userId, set: choice });
}
