import { and, asc, count, desc, eq, ilike, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import type { ContactCreate, ContactFilter, ContactInterests, ContactPatch, ContactStatus } from "../../../shared/contacts.js";
import { OFFERING_TYPES } from "../../../shared/enumerations.js";
import type { LeadSource } from "../../../shared/leads.js";
import type { Db, Tx } from "../../db/database.js";
import { contactListMembers, contactLists, contactSegments, inquiries, leadListings, leads, listings } from "../../db/tables.js";

// A contact is a row of the leads table (docs/guides/contacts-and-campaigns.md).
export const contactColumns = {
  id: leads.id,
  name: leads.name,
  email: leads.email,
  phone: leads.phone,
  company: leads.company,
  role: leads.role,
  tags: leads.tags,
  interests: leads.interests,
  consent: leads.consent,
  status: leads.status,
  source: leads.source,
  createdAt: leads.createdAt,
  version: leads.version,
};
export type ContactRow = Awaited<ReturnType<typeof findContact>>;

const textArray = (values: readonly string[]) => sql`array[${sql.join(
  values.map((v) => sql`${v}`),
  sql`, `,
)}]::text[]`;

/** Whether the interest list under `key` holds any of `values`. */
const interestHasAny = (key: string, values: readonly string[]) =>
  sql`exists (select 1 from jsonb_array_elements_text(coalesce(${leads.interests}->${key}, '[]'::jsonb)) as x(v) where x.v = any(${textArray(values)}))`;
const interestEmpty = (key: string) => sql`jsonb_array_length(coalesce(${leads.interests}->${key}, '[]'::jsonb)) = 0`;
const interestBound = (key: string) => sql`(${leads.interests}->>${key})::numeric`;

/** The facts of a listing that contacts' interests are matched against. */
export interface ListingFacts {
  propertyType: string | null;
  state: string;
  offeringType: string;
  askingPrice: number | null;
  size: number | null;
}

/**
 * Contacts whose interests accept the listing: an interest left empty accepts anything, one that
 * is set needs the listing to have that fact and to fit it; a contact that never said what it
 * wants matches nothing.
 */
function matchesListing(l: ListingFacts): SQL {
  const choice = (key: string, values: readonly string[]) => (values.length === 0 ? interestEmpty(key) : or(interestEmpty(key), interestHasAny(key, values))!);
  const range = (minKey: string, maxKey: string, value: number | null) =>
    value === null
      ? sql`(${leads.interests}->>${minKey} is null and ${leads.interests}->>${maxKey} is null)`
      : sql`(coalesce(${interestBound(minKey)} <= ${value}, true) and coalesce(${interestBound(maxKey)} >= ${value}, true))`;
  // "Sell/Lease" is for those who want to buy and for those who want to lease.
  const parts = l.offeringType.split("/");
  const offerings = OFFERING_TYPES.filter((t) => t.split("/").some((p) => parts.includes(p)));
  return and(
    sql`${leads.interests} is not null`,
    choice("propertyTypes", l.propertyType ? [l.propertyType] : []),
    choice("states", [l.state]),
    choice("offeringTypes", offerings),
    range("minPrice", "maxPrice", l.askingPrice),
    range("minSize", "maxSize", l.size),
  )!;
}

export interface ContactQuery extends ContactFilter {
  listId?: number;
  listing?: ListingFacts;
}

function contactWhere(db: Db | Tx, f: ContactQuery): SQL | undefined {
  const pattern = f.q ? `%${f.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  return and(
    pattern ? or(ilike(leads.name, pattern), ilike(leads.email, pattern), ilike(leads.company, pattern), ilike(leads.phone, pattern)) : undefined,
    f.tags?.length ? sql`exists (select 1 from unnest(${leads.tags}) as t(v) where lower(t.v) = any(${textArray(f.tags.map((t) => t.toLowerCase()))}))` : undefined,
    f.roles?.length ? inArray(leads.role, f.roles) : undefined,
    f.statuses?.length ? inArray(leads.status, f.statuses) : undefined,
    f.propertyTypes?.length ? interestHasAny("propertyTypes", f.propertyTypes) : undefined,
    f.states?.length ? interestHasAny("states", f.states) : undefined,
    f.listId !== undefined ? inArray(leads.id, db.select({ id: contactListMembers.leadId }).from(contactListMembers).where(eq(contactListMembers.listId, f.listId))) : undefined,
    f.listing ? and(eq(leads.status, "subscribed"), matchesListing(f.listing)) : undefined,
  );
}

/** One page of the contacts matching the query, newest first, after the id `beforeId` (keyset). */
export async function findContacts(db: Db, f: ContactQuery, page: { beforeId?: number; limit: number }) {
  return db
    .select(contactColumns)
    .from(leads)
    .where(and(contactWhere(db, f), page.beforeId === undefined ? undefined : lt(leads.id, page.beforeId)))
    .orderBy(desc(leads.id))
    .limit(page.limit);
}

export async function countContacts(db: Db, f: ContactQuery): Promise<number> {
  const [row] = await db.select({ n: count() }).from(leads).where(contactWhere(db, f));
  return Number(row.n);
}

export async function findContact(db: Db | Tx, id: number, opts: { lock?: boolean } = {}) {
  const query = db.select(contactColumns).from(leads).where(eq(leads.id, id));
  const [row] = await (opts.lock ? query.for("update") : query);
  return row;
}

export async function findContactByEmail(db: Db | Tx, email: string, opts: { lock?: boolean } = {}) {
  const query = db.select(contactColumns).from(leads).where(sql`lower(${leads.email}) = lower(${email})`);
  const [row] = await (opts.lock ? query.for("update") : query);
  return row;
}

const EMAIL_BATCH = 5_000;

/** The contacts with these emails (lower case), by lower-case email; locked for the transaction when asked. */
export async function findContactsByEmails(db: Db | Tx, emails: string[], opts: { lock?: boolean } = {}): Promise<Map<string, NonNullable<ContactRow>>> {
  const found = new Map<string, NonNullable<ContactRow>>();
  for (let i = 0; i < emails.length; i += EMAIL_BATCH) {
    const query = db.select(contactColumns).from(leads).where(sql`lower(${leads.email}) = any(${textArray(emails.slice(i, i + EMAIL_BATCH))})`);
    for (const r of await (opts.lock ? query.for("update") : query)) found.set(r.email.toLowerCase(), r);
  }
  return found;
}

/** Inserts many contacts, a batch per statement; returns them in the order given. */
export async function insertContacts(tx: Tx, rows: { input: ContactCreate; interests: ContactInterests | null; source: LeadSource }[]) {
  const made: NonNullable<ContactRow>[] = [];
  for (let i = 0; i < rows.length; i += 1_000) {
    const values = rows.slice(i, i + 1_000).map(({ input, interests, source }) => ({
      name: input.name,
      email: input.email,
      phone: input.phone,
      company: input.company,
      role: input.role,
      tags: input.tags,
      interests,
      consent: input.consent,
      status: input.status,
      source,
    }));
    const inserted = await tx.insert(leads).values(values).returning(contactColumns);
    // RETURNING gives no order guarantee: put them back in the order given, by email.
    const byEmail = new Map(inserted.map((r) => [r.email.toLowerCase(), r]));
    made.push(...values.map((v) => byEmail.get(v.email.toLowerCase())!));
  }
  return made;
}

export async function insertContact(tx: Tx, input: ContactCreate, interests: ContactInterests | null, source: LeadSource) {
  const [row] = await tx
    .insert(leads)
    .values({ name: input.name, email: input.email, phone: input.phone, company: input.company, role: input.role, tags: input.tags, interests, consent: input.consent, status: input.status, source })
    .returning(contactColumns);
  return row;
}

export async function updateContact(tx: Tx, id: number, patch: Omit<ContactPatch, "interests"> & { interests?: ContactInterests | null }) {
  const [row] = await tx.update(leads).set({ ...patch, version: sql`${leads.version} + 1` }).where(eq(leads.id, id)).returning(contactColumns);
  return row;
}

export async function deleteContact(tx: Tx, id: number): Promise<void> {
  await tx.delete(leads).where(eq(leads.id, id));
}

export async function deleteContacts(tx: Tx, ids: number[]): Promise<void> {
  if (ids.length > 0) await tx.delete(leads).where(inArray(leads.id, ids));
}

/** Why an imported contact is kept by an undo, in the order an answer lists them. */
export const KEPT_BECAUSE = ["an inquiry", "a place in a listing's pipeline", "a campaign's mail", "a list", "an edit"] as const;

/**
 * What each of these contacts (made by an import, at the version it left them) has gained since,
 * that deleting it would lose: why to keep it. A contact deleted since has no entry.
 */
export async function createdContactsHistory(tx: Tx, made: { id: number; version: number }[]): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  if (made.length === 0) return out;
  const ids = made.map((m) => m.id);
  const rows = await tx
    .select({
      id: leads.id,
      version: leads.version,
      // Qualified by hand: drizzle names a column bare inside sql``, and inquiries has an id of its own.
      inquiry: sql<boolean>`exists (select 1 from inquiries i where i.lead_id = leads.id)`,
      pipeline: sql<boolean>`exists (select 1 from lead_listings p where p.lead_id = leads.id)`,
      campaign: sql<boolean>`exists (select 1 from campaign_recipients r where r.lead_id = leads.id)`,
      list: sql<boolean>`exists (select 1 from contact_list_members m where m.lead_id = leads.id)`,
    })
    .from(leads)
    .where(inArray(leads.id, ids))
    .for("update");
  const versionOf = new Map(made.map((m) => [m.id, m.version]));
  for (const r of rows) {
    const has = [r.inquiry, r.pipeline, r.campaign, r.list, r.version !== versionOf.get(r.id)];
    out.set(r.id, KEPT_BECAUSE.filter((_, i) => has[i]));
  }
  return out;
}

/** How many inquiries the contact sent and of how many listings it is a prospect. */
export async function contactHistory(tx: Tx, id: number): Promise<{ inquiries: number; prospects: number }> {
  const [[asked], [pipelines]] = await Promise.all([
    tx.select({ n: count() }).from(inquiries).where(eq(inquiries.leadId, id)),
    tx.select({ n: count() }).from(leadListings).where(eq(leadListings.leadId, id)),
  ]);
  return { inquiries: Number(asked.n), prospects: Number(pipelines.n) };
}

export async function findListingFacts(db: Db, listingId: string): Promise<ListingFacts | undefined> {
  const [row] = await db
    .select({
      propertyType: listings.propertyType,
      state: listings.state,
      offeringType: listings.offeringType,
      askingPrice: listings.askingPrice,
      // What a buyer or tenant sizes a listing by: the space on offer, else the building.
      size: sql<number | null>`coalesce(${listings.availableSizeSf}, ${listings.buildingSizeSf})`,
    })
    .from(listings)
    .where(eq(listings.id, listingId));
  return row;
}

/** Which of these ids name a contact. */
export async function existingContactIds(tx: Tx, ids: number[]): Promise<number[]> {
  const rows = await tx.select({ id: leads.id }).from(leads).where(inArray(leads.id, ids));
  return rows.map((r) => r.id);
}

// Lists.
const listColumns = {
  id: contactLists.id,
  name: contactLists.name,
  createdAt: contactLists.createdAt,
  memberCount: sql<number>`(select count(*) from ${contactListMembers} where ${contactListMembers.listId} = ${contactLists.id})`.mapWith(Number),
};

export const findLists = (db: Db) => db.select(listColumns).from(contactLists).orderBy(asc(sql`lower(${contactLists.name})`), asc(contactLists.id));

export async function findList(db: Db | Tx, id: number) {
  const [row] = await db.select(listColumns).from(contactLists).where(eq(contactLists.id, id));
  return row;
}

export async function insertList(tx: Tx, name: string): Promise<number> {
  const [row] = await tx.insert(contactLists).values({ name }).returning({ id: contactLists.id });
  return row.id;
}

export async function renameList(tx: Tx, id: number, name: string): Promise<void> {
  await tx.update(contactLists).set({ name }).where(eq(contactLists.id, id));
}

export async function deleteList(tx: Tx, id: number): Promise<void> {
  await tx.delete(contactLists).where(eq(contactLists.id, id));
}

export async function addMembers(tx: Tx, listId: number, leadIds: number[]): Promise<void> {
  await tx
    .insert(contactListMembers)
    .values(leadIds.map((leadId) => ({ listId, leadId })))
    .onConflictDoNothing();
}

export async function removeMembers(tx: Tx, listId: number, leadIds: number[]): Promise<void> {
  await tx.delete(contactListMembers).where(and(eq(contactListMembers.listId, listId), inArray(contactListMembers.leadId, leadIds)));
}

// Segments.
const segmentColumns = { id: contactSegments.id, name: contactSegments.name, filter: contactSegments.filter, createdAt: contactSegments.createdAt };

export const findSegments = (db: Db) => db.select(segmentColumns).from(contactSegments).orderBy(asc(sql`lower(${contactSegments.name})`), asc(contactSegments.id));

export async function findSegment(db: Db | Tx, id: number) {
  const [row] = await db.select(segmentColumns).from(contactSegments).where(eq(contactSegments.id, id));
  return row;
}

export async function insertSegment(tx: Tx, name: string, filter: ContactFilter) {
  const [row] = await tx.insert(contactSegments).values({ name, filter }).returning(segmentColumns);
  return row;
}

export async function deleteSegment(tx: Tx, id: number): Promise<void> {
  await tx.delete(contactSegments).where(eq(contactSegments.id, id));
}

/** The lists and segments of these ids that exist (an audience naming others is refused). */
export async function findAudienceParts(db: Db | Tx, listIds: number[], segmentIds: number[]) {
  const lists = listIds.length ? await db.select({ id: contactLists.id }).from(contactLists).where(inArray(contactLists.id, listIds)) : [];
  const segments = segmentIds.length ? await db.select({ id: contactSegments.id, filter: contactSegments.filter }).from(contactSegments).where(inArray(contactSegments.id, segmentIds)) : [];
  return { lists, segments };
}

/** The contacts (rows of leads) in any of these lists, matching any of these filters, or named by id. */
export function audienceWhere(db: Db | Tx, listIds: number[], filters: ContactFilter[], contactIds: number[]): SQL {
  const parts = [
    listIds.length ? inArray(leads.id, db.select({ id: contactListMembers.leadId }).from(contactListMembers).where(inArray(contactListMembers.listId, listIds))) : undefined,
    // A segment with an empty filter matches every contact, as on the Contacts page.
    ...filters.map((f) => contactWhere(db, f) ?? sql`true`),
    contactIds.length ? inArray(leads.id, contactIds) : undefined,
  ].filter((p) => p !== undefined);
  return parts.length ? or(...parts)! : sql`false`;
}

/** Marks a contact unsubscribed (only from subscribed: a bounce or complaint stays what it is); true when it changed. */
export async function markUnsubscribed(tx: Tx, id: number): Promise<boolean> {
  const rows = await tx
    .update(leads)
    .set({ status: "unsubscribed", version: sql`${leads.version} + 1` })
    .where(and(eq(leads.id, id), eq(leads.status, "subscribed")))
    .returning({ id: leads.id });
  return rows.length > 0;
}

/** Moves a contact to `to` from one of `from` (a webhook's bounce or complaint); true when it changed. */
export async function markStatus(tx: Tx, id: number, to: ContactStatus, from: ContactStatus[]): Promise<boolean> {
  const rows = await tx
    .update(leads)
    .set({ status: to, version: sql`${leads.version} + 1` })
    .where(and(eq(leads.id, id), inArray(leads.status, from)))
    .returning({ id: leads.id });
  return rows.length > 0;
}
