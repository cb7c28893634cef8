import { and, asc, eq, lte, notInArray, or, isNull, lt, sql } from "drizzle-orm";
import type { LeadSource, ProspectStage } from "../../../shared/leads.js";
import { FINISHED_STAGES, FOLLOW_UP_DAYS_DEFAULT } from "../../../shared/prospects.js";
import type { Db, Tx } from "../../db/database.js";
import { inquiries, leadListings, leads, leadSettings, listings, prospectDigestChoices, users } from "../../db/tables.js";

export async function findListing(db: Db | Tx, id: string) {
  const [row] = await db.select({ id: listings.id, listingName: listings.listingName }).from(listings).where(eq(listings.id, id));
  return row;
}

export async function findLeadName(db: Db | Tx, id: number): Promise<string | undefined> {
  const [row] = await db.select({ name: leads.name }).from(leads).where(eq(leads.id, id));
  return row?.name;
}

/** Adds the lead to the listing's prospects at the first stage; false when it already is one. */
export async function insertProspect(tx: Tx, leadId: number, listingId: string, source: LeadSource): Promise<boolean> {
  const rows = await tx.insert(leadListings).values({ leadId, listingId, source, stage: "inquired" }).onConflictDoNothing().returning({ leadId: leadListings.leadId });
  return rows.length > 0;
}

/** The lead's stage on the listing, locked until the transaction ends: two moves of one prospect take turns. */
export async function lockProspect(tx: Tx, leadId: number, listingId: string) {
  const [row] = await tx
    .select({ stage: leadListings.stage, name: leads.name })
    .from(leadListings)
    .innerJoin(leads, eq(leads.id, leadListings.leadId))
    .where(and(eq(leadListings.leadId, leadId), eq(leadListings.listingId, listingId)))
    .for("update", { of: leadListings });
  return row;
}

/** A move or a note is activity: the prospect's and its lead's. */
export async function touchProspect(tx: Tx, leadId: number, listingId: string, stage: ProspectStage): Promise<void> {
  await tx
    .update(leadListings)
    .set({ stage, lastActivityAt: sql`now()` })
    .where(and(eq(leadListings.leadId, leadId), eq(leadListings.listingId, listingId)));
  await tx.update(leads).set({ lastActivityAt: sql`now()` }).where(eq(leads.id, leadId));
}

export async function deleteProspect(tx: Tx, leadId: number, listingId: string): Promise<void> {
  await tx.delete(leadListings).where(and(eq(leadListings.leadId, leadId), eq(leadListings.listingId, listingId)));
}

/**
 * Prospects of active listings, not closed or lost, quiet since `before`: oldest first within
 * each listing. Only what any teammate sees on the listing's board.
 */
export async function findQuietProspects(db: Db | Tx, before: Date) {
  return db
    .select({
      listingId: listings.id,
      listingName: listings.listingName,
      leadId: leads.id,
      name: leads.name,
      company: leads.company,
      stage: leadListings.stage,
      lastActivityAt: leadListings.lastActivityAt,
      // What the prospect last asked about this listing, as the listing's board shows it.
      latestMessage: sql<string | null>`(select ${inquiries.message} from ${inquiries} where ${inquiries.leadId} = ${leads.id} and ${inquiries.listingId} = ${leadListings.listingId} order by ${inquiries.createdAt} desc, ${inquiries.id} desc limit 1)`,
    })
    .from(leadListings)
    .innerJoin(leads, eq(leads.id, leadListings.leadId))
    .innerJoin(listings, eq(listings.id, leadListings.listingId))
    .where(and(eq(listings.isActive, true), notInArray(leadListings.stage, [...FINISHED_STAGES]), lte(leadListings.lastActivityAt, before)))
    .orderBy(asc(listings.listingName), asc(listings.id), asc(leadListings.lastActivityAt))
    .limit(1000);
}

export async function findFollowUpDays(db: Db | Tx): Promise<number> {
  const [row] = await db.select({ days: leadSettings.followUpDays }).from(leadSettings).where(eq(leadSettings.id, 1));
  return row?.days ?? FOLLOW_UP_DAYS_DEFAULT;
}

export async function saveFollowUpDays(tx: Tx, days: number): Promise<void> {
  await tx.insert(leadSettings).values({ id: 1, followUpDays: days }).onConflictDoUpdate({ target: leadSettings.id, set: { followUpDays: days } });
}

export async function findDigestChoice(db: Db | Tx, userId: number): Promise<boolean> {
  const [row] = await db.select({ enabled: prospectDigestChoices.enabled }).from(prospectDigestChoices).where(eq(prospectDigestChoices.userId, userId));
  return row?.enabled ?? false;
}

/** Turning it on counts `sentOn`'s digest as had: the first one comes at the next digest time. */
export async function saveDigestChoice(tx: Tx, userId: number, enabled: boolean, sentOn: string): Promise<void> {
  await tx
    .insert(prospectDigestChoices)
    .values({ userId, enabled, lastSentOn: sentOn })
    .onConflictDoUpdate({ target: prospectDigestChoices.userId, set: { enabled, lastSentOn: sql`greatest(${prospectDigestChoices.lastSentOn}, ${sentOn}::date)` } });
}

/**
 * Claims `day`'s digest for every active member with an email who chose it and has not had it:
 * one statement, so however many servers run the job, each member's day is claimed once.
 */
export async function claimDigestRecipients(tx: Tx, day: string): Promise<{ userId: number; email: string }[]> {
  const rows = await tx
    .update(prospectDigestChoices)
    .set({ lastSentOn: day })
    .from(users)
    .where(
      and(
        eq(users.id, prospectDigestChoices.userId),
        eq(users.isActive, true),
        sql`${users.email} is not null`,
        eq(prospectDigestChoices.enabled, true),
        or(isNull(prospectDigestChoices.lastSentOn), lt(prospectDigestChoices.lastSentOn, day)),
      ),
    )
    .returning({ userId: prospectDigestChoices.userId, email: users.email });
  return rows.map((r) => ({ userId: r.userId, email: r.email as string }));
}
