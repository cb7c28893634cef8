// The campaigns' queries: campaigns, their fixed recipients, and the per-listing opt-outs.
import { and, asc, count, desc, eq, inArray, isNotNull, ne, notExists, sql, type SQL } from "drizzle-orm";
import type { CampaignCounts, CampaignStatus, RecipientState } from "../../../shared/campaigns.js";
import type { Db, Tx } from "../../db/database.js";
import { rowsOf } from "../../db/raw-sql.js";
import { caSignatures, campaignRecipients, campaigns, campaignSendPace, emailEvents, inquiries, leads, listingOptOuts } from "../../db/tables.js";

export type CampaignRow = typeof campaigns.$inferSelect;
export type RecipientRow = typeof campaignRecipients.$inferSelect;

export async function insertCampaign(tx: Db | Tx, values: typeof campaigns.$inferInsert): Promise<CampaignRow> {
  const [row] = await tx.insert(campaigns).values(values).returning();
  return row;
}

export async function findCampaign(db: Db | Tx, id: number, opts: { lock?: boolean } = {}): Promise<CampaignRow | undefined> {
  const q = db.select().from(campaigns).where(eq(campaigns.id, id));
  const [row] = opts.lock ? await q.for("update") : await q;
  return row;
}

export const findCampaigns = (db: Db) => db.select().from(campaigns).orderBy(desc(campaigns.id)).limit(500);

export async function updateCampaign(tx: Db | Tx, id: number, values: Partial<typeof campaigns.$inferInsert>): Promise<CampaignRow> {
  const [row] = await tx.update(campaigns).set({ ...values, updatedAt: sql`now()` }).where(eq(campaigns.id, id)).returning();
  return row;
}

/** Moves a campaign from one of `from` to `to`; null when it was in none of them (someone else moved it). */
export async function moveCampaign(tx: Db | Tx, id: number, from: CampaignStatus[], to: CampaignStatus, values: Partial<typeof campaigns.$inferInsert> = {}) {
  const [row] = await tx
    .update(campaigns)
    .set({ ...values, status: to, updatedAt: sql`now()` })
    .where(and(eq(campaigns.id, id), inArray(campaigns.status, from)))
    .returning();
  return row ?? null;
}

export async function campaignState(db: Db | Tx, id: number): Promise<{ status: CampaignStatus; sendChain: string | null } | undefined> {
  const [row] = await db.select({ status: campaigns.status, sendChain: campaigns.sendChain }).from(campaigns).where(eq(campaigns.id, id));
  return row;
}

/**
 * Who an audience reaches now: its contacts minus every suppression (any status but subscribed,
 * no email) and, for a campaign about a listing, those who opted out of that listing's mail.
 */
function reachable(audience: SQL, listingId: string | null): SQL {
  return and(
    audience,
    eq(leads.status, "subscribed"),
    ne(sql`trim(${leads.email})`, ""),
    listingId === null
      ? undefined
      : notExists(sql`(select 1 from ${listingOptOuts} where ${listingOptOuts.leadId} = ${leads.id} and ${listingOptOuts.listingId} = ${listingId})`),
  )!;
}

export async function countReachable(db: Db | Tx, audience: SQL, listingId: string | null): Promise<number> {
  const [row] = await db.select({ n: count() }).from(leads).where(reachable(audience, listingId));
  return row.n;
}

/** Fixes the recipients in one statement (10,000 contacts stay one round trip); answers how many. */
export async function insertRecipients(tx: Tx, campaignId: number, audience: SQL, listingId: string | null): Promise<number> {
  const result = await tx.execute(sql`
    insert into ${campaignRecipients} (campaign_id, lead_id, email, name)
    select ${campaignId}, ${leads.id}, trim(${leads.email}), ${leads.name} from ${leads}
    where ${reachable(audience, listingId)}
    order by ${leads.id}
    on conflict do nothing
    returning id`);
  return rowsOf<{ id: number }>(result).length;
}

/**
 * Takes the next waiting recipient into the SMTP conversation, for this job run alone: SKIP
 * LOCKED keeps two runs from taking one person, and the state written here is what a run after a
 * crash reads (docs/guides/campaigns.md).
 */
export async function claimNextRecipient(db: Db, campaignId: number, jobId: number, chain: string): Promise<RecipientRow | null> {
  // Only while the campaign is sending under this run's chain: a pause or cancel stops the next claim.
  const inCharge = sql`exists (select 1 from ${campaigns} where ${campaigns.id} = ${campaignId} and ${campaigns.status} = 'sending' and ${campaigns.sendChain} = ${chain})`;
  const next = db
    .select({ id: campaignRecipients.id })
    .from(campaignRecipients)
    .where(and(eq(campaignRecipients.campaignId, campaignId), eq(campaignRecipients.state, "pending"), inCharge))
    .orderBy(asc(campaignRecipients.id))
    .limit(1)
    .for("update", { skipLocked: true });
  const [row] = await db
    .update(campaignRecipients)
    .set({ state: "sending", claimJobId: jobId })
    .where(and(inArray(campaignRecipients.id, next), eq(campaignRecipients.state, "pending")))
    .returning();
  return row ?? null;
}

export async function setRecipientState(db: Db | Tx, id: number, from: RecipientState, values: Partial<typeof campaignRecipients.$inferInsert> & { state: RecipientState }) {
  await db.update(campaignRecipients).set(values).where(and(eq(campaignRecipients.id, id), eq(campaignRecipients.state, from)));
}

/** A run after a crash: what the dead run had in the SMTP conversation may have been sent; it is never sent again. */
export async function markInFlightUnknown(db: Db, campaignId: number, jobId: number): Promise<number> {
  const rows = await db
    .update(campaignRecipients)
    .set({ state: "unknown", error: "The server stopped while this message was being sent; it is not sent again." })
    .where(and(eq(campaignRecipients.campaignId, campaignId), eq(campaignRecipients.state, "sending"), eq(campaignRecipients.claimJobId, jobId)))
    .returning({ id: campaignRecipients.id });
  return rows.length;
}

export async function cancelPending(tx: Tx, where: SQL): Promise<void> {
  await tx.update(campaignRecipients).set({ state: "cancelled" }).where(and(eq(campaignRecipients.state, "pending"), where));
}

/** Whether anything is left to send (waiting or in another run's hands). */
export async function hasUnfinished(db: Db, campaignId: number): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(campaignRecipients)
    .where(and(eq(campaignRecipients.campaignId, campaignId), inArray(campaignRecipients.state, ["pending", "sending"])));
  return row.n > 0;
}

/**
 * Every count from the recipients' rows, nothing estimated. An inquiry (or a signed CA) about the
 * campaign's listing from a recipient after their first click is the campaign's.
 */
export async function countsOf(db: Db, ids: number[]): Promise<Map<number, Omit<CampaignCounts, "recipients"> & { recipients: number }>> {
  if (ids.length === 0) return new Map();
  const r = campaignRecipients;
  const inquired = sql`${r.clickedAt} is not null and ${campaigns.listingId} is not null and (
    exists (select 1 from ${inquiries} where ${inquiries.leadId} = ${r.leadId} and ${inquiries.listingId} = ${campaigns.listingId} and ${inquiries.createdAt} >= ${r.clickedAt})
    or exists (select 1 from ${caSignatures} where lower(${caSignatures.email}) = lower(${r.email}) and ${caSignatures.listingId} = ${campaigns.listingId} and ${caSignatures.signedAt} >= ${r.clickedAt}))`;
  const rows = await db
    .select({
      campaignId: r.campaignId,
      recipients: count(),
      delivered: sql<number>`count(*) filter (where ${r.state} = 'sent')`.mapWith(Number),
      bounced: sql<number>`count(*) filter (where ${isNotNull(r.bouncedAt)})`.mapWith(Number),
      unsubscribed: sql<number>`count(*) filter (where ${isNotNull(r.unsubscribedAt)})`.mapWith(Number),
      clicks: sql<number>`coalesce(sum(${r.clicks}), 0)`.mapWith(Number),
      machineClicks: sql<number>`coalesce(sum(${r.machineClicks}), 0)`.mapWith(Number),
      inquiries: sql<number>`count(*) filter (where ${inquired})`.mapWith(Number),
      opens: sql<number | null>`case when bool_or(${campaigns.trackOpens}) then count(*) filter (where ${isNotNull(r.openedAt)}) end`.mapWith((v) => (v === null ? null : Number(v))),
    })
    .from(r)
    .innerJoin(campaigns, eq(campaigns.id, r.campaignId))
    .where(inArray(r.campaignId, ids))
    .groupBy(r.campaignId);
  return new Map(rows.map(({ campaignId, ...c }) => [campaignId, c]));
}

/** The campaigns about a listing, newest first (the listing's marketing figures). */
export const findListingCampaigns = (db: Db, listingId: string) =>
  db.select().from(campaigns).where(and(eq(campaigns.listingId, listingId), ne(campaigns.status, "draft"))).orderBy(desc(campaigns.id)).limit(50);

// ── Clicks ────────────────────────────────────────────────────────────────────────────────────

export async function findClickedRecipient(db: Db, id: number) {
  const [row] = await db.select({ id: campaignRecipients.id, sentAt: campaignRecipients.sentAt }).from(campaignRecipients).where(eq(campaignRecipients.id, id));
  return row;
}

export async function recordClick(db: Db, id: number, machine: boolean, at: Date): Promise<void> {
  const r = campaignRecipients;
  await db
    .update(r)
    .set(machine ? { machineClicks: sql`${r.machineClicks} + 1` } : { clicks: sql`${r.clicks} + 1`, clickedAt: sql`coalesce(${r.clickedAt}, ${at.toISOString()}::timestamptz)` })
    .where(eq(r.id, id));
}

/** The first time a recipient's copy loaded the open pixel; later loads change nothing. */
export async function recordOpen(db: Db, id: number, at: Date): Promise<boolean> {
  const r = campaignRecipients;
  const rows = await db
    .update(r)
    .set({ openedAt: sql`coalesce(${r.openedAt}, ${at.toISOString()}::timestamptz)` })
    .where(and(eq(r.id, id), sql`exists (select 1 from ${campaigns} where ${campaigns.id} = ${r.campaignId} and ${campaigns.trackOpens})`))
    .returning({ id: r.id });
  return rows.length > 0;
}

// ── Bounces and complaints ────────────────────────────────────────────────────────────────────

/** The message an event names: by our Message-ID when the provider gave it back, else the contact's latest. */
export async function findEventRecipient(db: Db | Tx, messageId: string | null, email: string) {
  const r = campaignRecipients;
  const columns = { id: r.id, campaignId: r.campaignId, leadId: r.leadId, email: r.email };
  if (messageId) {
    const [byId] = await db.select(columns).from(r).where(eq(r.messageId, messageId)).limit(1);
    if (byId) return byId;
  }
  const [byEmail] = await db
    .select(columns)
    .from(r)
    .innerJoin(leads, eq(leads.id, r.leadId))
    .where(and(sql`lower(${leads.email}) = lower(${email})`, isNotNull(r.sentAt)))
    .orderBy(desc(r.sentAt))
    .limit(1);
  return byEmail;
}

export async function findLeadByEmail(db: Db | Tx, email: string) {
  const [row] = await db.select({ id: leads.id, email: leads.email }).from(leads).where(sql`lower(${leads.email}) = lower(${email})`);
  return row;
}

/** Records an event; false when the provider sent the same one before (its key is known). */
export async function insertEmailEvent(tx: Tx, values: typeof emailEvents.$inferInsert): Promise<boolean> {
  const rows = await tx.insert(emailEvents).values(values).onConflictDoNothing().returning({ id: emailEvents.id });
  return rows.length > 0;
}

export async function countSoftBounces(tx: Tx, leadId: number, since: Date): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(emailEvents)
    .where(and(eq(emailEvents.leadId, leadId), eq(emailEvents.kind, "soft-bounce"), sql`${emailEvents.createdAt} >= ${since.toISOString()}::timestamptz`));
  return row.n;
}

export async function markRecipientEvent(tx: Tx, id: number, what: "bouncedAt" | "complainedAt"): Promise<void> {
  await tx.update(campaignRecipients).set({ [what]: sql`coalesce(${campaignRecipients[what]}, now())` }).where(eq(campaignRecipients.id, id));
}

/** A campaign's messages accepted and hard-bounced so far: the auto-pause's figures. */
export async function bounceFigures(tx: Tx, campaignId: number): Promise<{ sent: number; bounced: number }> {
  const r = campaignRecipients;
  const [row] = await tx
    .select({
      sent: sql<number>`count(*) filter (where ${isNotNull(r.sentAt)})`.mapWith(Number),
      bounced: sql<number>`count(*) filter (where ${isNotNull(r.bouncedAt)})`.mapWith(Number),
    })
    .from(r)
    .where(eq(r.campaignId, campaignId));
  return row;
}

/** The recipient behind an unsubscribe token, with what the page and the opt-out need. */
export async function findRecipient(db: Db | Tx, id: number) {
  const [row] = await db
    .select({
      id: campaignRecipients.id,
      leadId: campaignRecipients.leadId,
      email: campaignRecipients.email,
      unsubscribedAt: campaignRecipients.unsubscribedAt,
      campaignId: campaigns.id,
      campaignName: campaigns.name,
      listingId: campaigns.listingId,
      contactStatus: leads.status,
    })
    .from(campaignRecipients)
    .innerJoin(campaigns, eq(campaigns.id, campaignRecipients.campaignId))
    .leftJoin(leads, eq(leads.id, campaignRecipients.leadId))
    .where(eq(campaignRecipients.id, id));
  return row;
}

export async function markRecipientUnsubscribed(tx: Tx, id: number): Promise<void> {
  await tx.update(campaignRecipients).set({ unsubscribedAt: sql`coalesce(${campaignRecipients.unsubscribedAt}, now())` }).where(eq(campaignRecipients.id, id));
}

export async function insertListingOptOut(tx: Tx, leadId: number, listingId: string): Promise<boolean> {
  const rows = await tx.insert(listingOptOuts).values({ leadId, listingId }).onConflictDoNothing().returning({ leadId: listingOptOuts.leadId });
  return rows.length > 0;
}

/** The campaigns still to mail this contact: all of them, or those about one listing. */
export const pendingOfLead = (leadId: number, listingId?: string): SQL =>
  and(
    eq(campaignRecipients.leadId, leadId),
    listingId === undefined
      ? undefined
      : inArray(campaignRecipients.campaignId, sql`(select ${campaigns.id} from ${campaigns} where ${campaigns.listingId} = ${listingId})`),
  )!;

export const pendingOfCampaign = (campaignId: number): SQL => eq(campaignRecipients.campaignId, campaignId);

// ── The server-wide send rate ─────────────────────────────────────────────────────────────────

// The one timeline every campaign's runs reserve on (a key, should another pace ever be needed).
const PACE = "smtp";

/**
 * Reserves `sends` messages on the server-wide timeline, `intervalMs` apart, starting `now`, if
 * the timeline is free by then: the row is locked, so two runs (on any app servers) never reserve
 * one stretch. Otherwise answers when it is next free, reserving nothing.
 */
export async function reserveSends(db: Db, now: Date, sends: number, intervalMs: number): Promise<{ reserved: true; until: Date } | { reserved: false; freeAt: Date }> {
  return db.transaction(async (tx) => {
    await tx.insert(campaignSendPace).values({ key: PACE, nextAt: now }).onConflictDoNothing();
    const [pace] = await tx.select({ nextAt: campaignSendPace.nextAt }).from(campaignSendPace).where(eq(campaignSendPace.key, PACE)).for("update");
    if (pace.nextAt > now) return { reserved: false, freeAt: pace.nextAt };
    const until = new Date(now.getTime() + sends * intervalMs);
    await tx.update(campaignSendPace).set({ nextAt: until }).where(eq(campaignSendPace.key, PACE));
    return { reserved: true, until };
  });
}

/** Gives back the end of a reservation a run did not use (its campaign ran out, paused or was cancelled), unless another run has reserved after it. */
export async function returnSends(db: Db, until: Date, back: Date): Promise<void> {
  await db
    .update(campaignSendPace)
    .set({ nextAt: back })
    .where(and(eq(campaignSendPace.key, PACE), eq(campaignSendPace.nextAt, until)));
}
