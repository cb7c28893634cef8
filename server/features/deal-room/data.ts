// The deal room's queries: rules, agreements, requests, grants and signatures.
import { and, asc, count, countDistinct, desc, eq, inArray, isNotNull, isNull, sql, sum } from "drizzle-orm";
import type { Db, Tx } from "../../db/database.js";
import { agents, caSignatures, caTemplates, caTemplateVersions, leadListings, listingDocuments, listings, publicPageDays, roomActivity, roomGrants, roomRequests, roomRules, users } from "../../db/tables.js";
import type { GrantLevel, GrantSource, GrantStatus, RoomApproval } from "../../../shared/deal-room.js";
import type { InquirerRole } from "../../../shared/leads.js";

type Q = Db | Tx;

// ---------------------------------------------------------------- listings and their people

export async function findListingForRoom(db: Q, listingId: string) {
  const [row] = await db
    .select({ id: listings.id, listingName: listings.listingName, headline: listings.listingName, dealStage: listings.dealStage, agentName: agents.name, agentEmail: agents.email, agentPhone: agents.phone, agentUserId: agents.userId })
    .from(listings)
    .leftJoin(agents, eq(agents.id, listings.agentId))
    .where(eq(listings.id, listingId));
  return row;
}

/** The member linked to the listing's agent, when they may sign in. */
export async function findAgentMember(db: Q, listingId: string): Promise<{ id: number; email: string | null } | undefined> {
  const [row] = await db
    .select({ id: users.id, email: users.email })
    .from(listings)
    .innerJoin(agents, eq(agents.id, listings.agentId))
    .innerJoin(users, eq(users.id, agents.userId))
    .where(and(eq(listings.id, listingId), eq(users.isActive, true)));
  return row;
}

export async function findActiveAdmins(db: Q): Promise<{ id: number; email: string | null }[]> {
  return db.select({ id: users.id, email: users.email }).from(users).where(and(eq(users.isActive, true), eq(users.isAdmin, true)));
}

// ---------------------------------------------------------------- rules

export type RoomRulesRow = typeof roomRules.$inferSelect;

export async function findRules(db: Q, listingId: string): Promise<RoomRulesRow | undefined> {
  const [row] = await db.select().from(roomRules).where(eq(roomRules.listingId, listingId));
  return row;
}

export async function saveRules(tx: Tx, rules: { listingId: string; enabled: boolean; caRequired: boolean; approval: RoomApproval; caTemplateId: number | null; accessDays: number }): Promise<void> {
  const { listingId, ...values } = rules;
  await tx
    .insert(roomRules)
    .values({ listingId, ...values })
    .onConflictDoUpdate({ target: roomRules.listingId, set: { ...values, updatedAt: sql`now()` } });
}

// ---------------------------------------------------------------- agreements

export async function findTemplates(db: Q) {
  return db.select().from(caTemplates).orderBy(asc(caTemplates.id));
}

export async function findTemplate(db: Q, id: number, opts: { lock?: boolean } = {}) {
  const query = db.select().from(caTemplates).where(eq(caTemplates.id, id));
  const [row] = await (opts.lock ? query.for("update") : query);
  return row;
}

export async function findDefaultTemplateId(db: Q): Promise<number | undefined> {
  const [row] = await db.select({ id: caTemplates.id }).from(caTemplates).orderBy(asc(caTemplates.id)).limit(1);
  return row?.id;
}

export async function findVersions(db: Q, templateIds: number[]) {
  if (templateIds.length === 0) return [];
  return db.select().from(caTemplateVersions).where(inArray(caTemplateVersions.templateId, templateIds)).orderBy(asc(caTemplateVersions.templateId), desc(caTemplateVersions.version));
}

export async function findVersion(db: Q, templateId: number, version: number) {
  const [row] = await db
    .select()
    .from(caTemplateVersions)
    .where(and(eq(caTemplateVersions.templateId, templateId), eq(caTemplateVersions.version, version)));
  return row;
}

export async function findLatestVersion(db: Q, templateId: number) {
  const [row] = await db.select().from(caTemplateVersions).where(eq(caTemplateVersions.templateId, templateId)).orderBy(desc(caTemplateVersions.version)).limit(1);
  return row;
}

export async function insertTemplate(tx: Tx, name: string, createdBy: number): Promise<number> {
  const [row] = await tx.insert(caTemplates).values({ name, createdBy }).returning({ id: caTemplates.id });
  return row.id;
}

export async function renameTemplate(tx: Tx, id: number, name: string): Promise<void> {
  await tx.update(caTemplates).set({ name }).where(eq(caTemplates.id, id));
}

export async function insertVersion(tx: Tx, v: { templateId: number; version: number; body: string; sha256: string; createdBy: number }): Promise<void> {
  await tx.insert(caTemplateVersions).values(v);
}

// ---------------------------------------------------------------- requests (signing links)

export async function insertRequest(
  tx: Tx,
  r: { listingId: string; tokenHash: string; name: string; email: string; company: string | null; phone: string | null; role: InquirerRole; templateId: number; templateVersion: number; createdAt: Date; expiresAt: Date },
): Promise<number> {
  const [row] = await tx.insert(roomRequests).values(r).returning({ id: roomRequests.id });
  return row.id;
}

export async function findRequestByToken(db: Q, tokenHash: string) {
  const [row] = await db.select().from(roomRequests).where(eq(roomRequests.tokenHash, tokenHash));
  return row;
}

/** Uses the link once: true for the one request that did, false for any other (already used, or lost a race). */
export async function useRequest(tx: Tx, id: number): Promise<boolean> {
  const rows = await tx
    .update(roomRequests)
    .set({ usedAt: sql`now()` })
    .where(and(eq(roomRequests.id, id), isNull(roomRequests.usedAt)))
    .returning({ id: roomRequests.id });
  return rows.length === 1;
}

// ---------------------------------------------------------------- grants

export type GrantRow = typeof roomGrants.$inferSelect;

export async function insertGrant(
  tx: Tx,
  g: {
    listingId: string;
    leadId: number | null;
    name: string;
    email: string;
    company: string | null;
    role: InquirerRole;
    level: GrantLevel;
    status: GrantStatus;
    source: GrantSource;
    signedAt: Date | null;
    expiresAt: Date;
    approvedBy: number | null;
    proofUrl: string | null;
    tokenHash: string | null;
    createdBy: number | null;
  },
): Promise<GrantRow> {
  const [row] = await tx.insert(roomGrants).values(g).returning();
  return row;
}

export async function findGrants(db: Q, listingId: string) {
  return db
    .select({ grant: roomGrants, approver: users.username, signatureId: caSignatures.id })
    .from(roomGrants)
    .leftJoin(users, eq(users.id, roomGrants.approvedBy))
    .leftJoin(caSignatures, eq(caSignatures.grantId, roomGrants.id))
    .where(eq(roomGrants.listingId, listingId))
    .orderBy(desc(roomGrants.createdAt), desc(roomGrants.id));
}

export async function findGrant(db: Q, listingId: string, id: number, opts: { lock?: boolean } = {}): Promise<GrantRow | undefined> {
  const query = db
    .select()
    .from(roomGrants)
    .where(and(eq(roomGrants.id, id), eq(roomGrants.listingId, listingId)));
  const [row] = await (opts.lock ? query.for("update") : query);
  return row;
}

export async function findGrantByToken(db: Q, tokenHash: string): Promise<GrantRow | undefined> {
  const [row] = await db.select().from(roomGrants).where(eq(roomGrants.tokenHash, tokenHash));
  return row;
}

export async function updateGrant(tx: Tx, id: number, set: Partial<Pick<GrantRow, "status" | "level" | "expiresAt" | "approvedBy" | "tokenHash">>): Promise<void> {
  await tx.update(roomGrants).set(set).where(eq(roomGrants.id, id));
}

/** Marks lapsed grants expired as they are read: expiry by `expiresAt` needs no timer. */
export async function expireLapsed(db: Q, listingId: string): Promise<void> {
  await db
    .update(roomGrants)
    .set({ status: "expired" })
    .where(and(eq(roomGrants.listingId, listingId), inArray(roomGrants.status, ["pending", "active"]), sql`${roomGrants.expiresAt} <= now()`));
}

// ---------------------------------------------------------------- signatures

export async function insertSignature(tx: Tx, s: typeof caSignatures.$inferInsert): Promise<void> {
  await tx.insert(caSignatures).values(s);
}

export async function findSignatureOfGrant(db: Q, grantId: number) {
  const [row] = await db.select().from(caSignatures).where(eq(caSignatures.grantId, grantId));
  return row;
}

export async function findSignatureByPdfHash(db: Q, pdfSha256: string) {
  const [row] = await db
    .select({ signedName: caSignatures.signedName, email: caSignatures.email, listingId: caSignatures.listingId, signedAt: caSignatures.signedAt, pdf: caSignatures.pdf })
    .from(caSignatures)
    .where(eq(caSignatures.pdfSha256, pdfSha256));
  return row;
}

// ---------------------------------------------------------------- the buyers' activity

export type ActivityRow = typeof roomActivity.$inferSelect;

export async function lockGrant(tx: Tx, id: number): Promise<void> {
  await tx.select({ id: roomGrants.id }).from(roomGrants).where(eq(roomGrants.id, id)).for("update");
}

/** Whether the grant's holder has opened an offering memorandum before. */
export async function hasOpenedOm(tx: Q, grantId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: roomActivity.id })
    .from(roomActivity)
    .where(and(eq(roomActivity.grantId, grantId), eq(roomActivity.offeringMemorandum, true)))
    .limit(1);
  return row !== undefined;
}

export async function insertActivity(tx: Tx, row: typeof roomActivity.$inferInsert): Promise<void> {
  await tx.insert(roomActivity).values(row);
}

/** The listing's views and downloads, newest first, with who and which document (its current version too). */
export async function findActivity(db: Q, listingId: string) {
  return db
    .select({
      activity: roomActivity,
      name: roomGrants.name,
      email: roomGrants.email,
      company: roomGrants.company,
      title: listingDocuments.title,
      folder: listingDocuments.folder,
      currentVersion: listingDocuments.version,
    })
    .from(roomActivity)
    .innerJoin(roomGrants, eq(roomGrants.id, roomActivity.grantId))
    .innerJoin(listingDocuments, eq(listingDocuments.id, roomActivity.documentId))
    .where(eq(roomActivity.listingId, listingId))
    .orderBy(desc(roomActivity.at), desc(roomActivity.id));
}

/** The funnel's counts that are not in the activity itself. */
export async function funnelCounts(db: Q, listingId: string, furtherStages: readonly string[]) {
  const [views] = await db.select({ n: sum(publicPageDays.views) }).from(publicPageDays).where(eq(publicPageDays.listingId, listingId));
  const [requests] = await db.select({ n: count() }).from(roomRequests).where(eq(roomRequests.listingId, listingId));
  const [signed] = await db
    .select({ n: count() })
    .from(roomGrants)
    .where(and(eq(roomGrants.listingId, listingId), isNotNull(roomGrants.signedAt)));
  // A room link is made only when a grant becomes active: every grant with one was let in.
  const [admitted] = await db
    .select({ n: count() })
    .from(roomGrants)
    .where(and(eq(roomGrants.listingId, listingId), isNotNull(roomGrants.tokenHash)));
  const [om] = await db
    .select({ n: countDistinct(roomActivity.grantId) })
    .from(roomActivity)
    .where(and(eq(roomActivity.listingId, listingId), eq(roomActivity.offeringMemorandum, true)));
  const [further] = await db
    .select({ n: count() })
    .from(leadListings)
    .where(and(eq(leadListings.listingId, listingId), inArray(leadListings.stage, furtherStages as never[])));
  return { pageViews: Number(views?.n ?? 0), caRequests: requests.n, signed: signed.n, approved: admitted.n, openedOm: om.n, touredOrOffer: further.n };
}
