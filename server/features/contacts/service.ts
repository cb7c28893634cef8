// Contacts, lists and segments (docs/guides/contacts-and-campaigns.md). A contact is a lead: the
// same row, the same version and If-Match tag, the same lead.edited entries.
import { versionTag } from "../../../shared/edit-conflicts.js";
import {
  CONTACTS_PAGE_SIZE,
  type Contact,
  type ContactCreate,
  type ContactFilter,
  type ContactInterests,
  type ContactList,
  type ContactPatch,
  type ContactSegment,
} from "../../../shared/contacts.js";
import { contactsCsvHeader, contactsCsvRows } from "./contacts-csv.js";
import type { Db, Tx } from "../../db/database.js";
import { badRequest, conflict, notFound, preconditionFailed } from "../../http/http-error.js";
import { fieldChanges, recordAuditEvent } from "../audit/service.js";
import * as data from "./data.js";
import { inOrder, storedInterests, toContact } from "./contact-shape.js";

export { storedInterests, toContact } from "./contact-shape.js";
export { applyContactImport, planContactImport, undoContactImport, type AppliedContact, type ContactRowPlan, type ContactUndo, type StagedContact } from "./contact-import.js";

const CONTACT_NOT_FOUND = "Contact not found";
const LIST_NOT_FOUND = "List not found";
const SEGMENT_NOT_FOUND = "Segment not found";
export const EMAIL_TAKEN = "Another contact already has this email. Open that contact instead; two contacts never share an email.";
export const HAS_HISTORY = "This contact has inquiries or is a prospect of a listing, so it is kept: mark it unsubscribed to stop mail to it.";
const CONFLICT = "Someone else saved this contact after you opened it.";

const isUniqueViolation = (err: unknown) => (err as { code?: string })?.code === "23505" || (err as { cause?: { code?: string } })?.cause?.code === "23505";

const ordered = <R extends { interests: ContactInterests | null }>(row: R): R => ({ ...row, interests: row.interests && inOrder(row.interests) });

export const contactTag = (c: Pick<Contact, "id" | "version">) => versionTag("lead", c.id, c.version);

export interface ContactsPage {
  contacts: Contact[];
  /** The cursor of the next page (the last contact's id); null on the last. */
  nextCursor: string | null;
}

export async function listContacts(db: Db, query: data.ContactQuery, page: { cursor?: string; limit?: number } = {}): Promise<ContactsPage> {
  const limit = page.limit ?? CONTACTS_PAGE_SIZE;
  const beforeId = page.cursor === undefined ? undefined : Number(page.cursor);
  if (beforeId !== undefined && (!Number.isSafeInteger(beforeId) || beforeId < 1)) throw badRequest("The cursor is not one this server gave out", { cursor: "The cursor is not one this server gave out" });
  const rows = await data.findContacts(db, query, { beforeId, limit: limit + 1 });
  const shown = rows.slice(0, limit);
  return { contacts: shown.map(toContact), nextCursor: rows.length > limit ? String(shown[shown.length - 1].id) : null };
}

/** Everyone the query holds, counted, with the first `limit` of them. */
async function matching(db: Db, query: data.ContactQuery, limit: number): Promise<{ count: number; contacts: Contact[] }> {
  const [n, rows] = await Promise.all([data.countContacts(db, query), data.findContacts(db, query, { limit })]);
  return { count: n, contacts: rows.map(toContact) };
}

export async function getContact(db: Db | Tx, id: number): Promise<Contact> {
  const row = await data.findContact(db, id);
  if (!row) throw notFound(CONTACT_NOT_FOUND);
  return toContact(row);
}

export async function createContact(db: Db, input: ContactCreate, actorId: number): Promise<Contact> {
  try {
    return await db.transaction(async (tx) => {
      if (await data.findContactByEmail(tx, input.email)) throw conflict(EMAIL_TAKEN);
      const row = await data.insertContact(tx, input, storedInterests(input.interests), "manual");
      await recordAuditEvent(tx, { kind: "contact.created", actorId, data: { leadId: row.id, name: row.name } });
      return toContact(row);
    });
  } catch (err) {
    // Two people adding one email at once: the index decides, the second hears why.
    if (isUniqueViolation(err)) throw conflict(EMAIL_TAKEN);
    throw err;
  }
}

/**
 * Saves the fields given, as a lead edit (one lead.edited entry with what changed). An email that
 * another contact has is refused, never merged: merging two people's histories is not an edit.
 */
export async function patchContact(db: Db, id: number, patch: ContactPatch, actorId: number, versions?: number[]): Promise<Contact> {
  let saved: Contact | false;
  try {
    saved = await db.transaction(async (tx) => {
      const before = await data.findContact(tx, id, { lock: true });
      if (!before) throw notFound(CONTACT_NOT_FOUND);
      if (versions && !versions.includes(before.version)) return false;
      if (patch.email && patch.email.toLowerCase() !== before.email.toLowerCase()) {
        const other = await data.findContactByEmail(tx, patch.email);
        if (other && other.id !== id) throw conflict(EMAIL_TAKEN);
      }
      const next = { ...patch, ...(patch.interests ? { interests: storedInterests(patch.interests) } : {}) };
      const changes = fieldChanges(ordered(before), next);
      if (Object.keys(changes).length === 0) return toContact(before);
      const row = await data.updateContact(tx, id, next);
      await recordAuditEvent(tx, { kind: "lead.edited", actorId, data: { leadId: id, changes } });
      return toContact(row);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(EMAIL_TAKEN);
    throw err;
  }
  if (saved) return saved;
  const current = await getContact(db, id);
  return Promise.reject(preconditionFailed(CONFLICT, { message: CONFLICT, current }, contactTag(current)));
}

/** Deletes a contact with no history; one that asked or is in a pipeline is kept (HAS_HISTORY). */
export async function deleteContact(db: Db, id: number, actorId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await data.findContact(tx, id, { lock: true });
    if (!row) throw notFound(CONTACT_NOT_FOUND);
    const history = await data.contactHistory(tx, id);
    if (history.inquiries > 0 || history.prospects > 0) throw conflict(HAS_HISTORY);
    await data.deleteContact(tx, id);
    await recordAuditEvent(tx, { kind: "contact.deleted", actorId, data: { leadId: id, name: row.name } });
  });
}

/** Subscribed contacts whose interests accept the listing (data.ts's matchesListing). */
export async function matchingContacts(db: Db, listingId: string, limit: number) {
  const listing = await data.findListingFacts(db, listingId);
  if (!listing) throw notFound("Listing not found");
  return matching(db, { listing }, limit);
}

// Lists.
const toList = (row: { id: number; name: string; memberCount: number; createdAt: Date }): ContactList => ({ ...row, createdAt: row.createdAt.toISOString() });
const LIST_NAME_TAKEN = "A list with this name already exists";

async function withUniqueName<T>(message: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(message);
    throw err;
  }
}

export const listLists = async (db: Db): Promise<ContactList[]> => (await data.findLists(db)).map(toList);

export async function getList(db: Db, id: number, limit: number) {
  const row = await data.findList(db, id);
  if (!row) throw notFound(LIST_NOT_FOUND);
  return { ...toList(row), contacts: (await data.findContacts(db, { listId: id }, { limit })).map(toContact) };
}

export const createList = (db: Db, name: string, actorId: number): Promise<ContactList> =>
  withUniqueName(LIST_NAME_TAKEN, () =>
    db.transaction(async (tx) => {
      const id = await data.insertList(tx, name);
      await recordAuditEvent(tx, { kind: "contact-list.created", actorId, data: { listId: id, name } });
      return toList((await data.findList(tx, id))!);
    }),
  );

export const renameList = (db: Db, id: number, name: string, actorId: number): Promise<ContactList> =>
  withUniqueName(LIST_NAME_TAKEN, () =>
    db.transaction(async (tx) => {
      const before = await data.findList(tx, id);
      if (!before) throw notFound(LIST_NOT_FOUND);
      if (before.name !== name) {
        await data.renameList(tx, id, name);
        await recordAuditEvent(tx, { kind: "contact-list.edited", actorId, data: { listId: id, name, changes: { name: [before.name, name] } } });
      }
      return toList((await data.findList(tx, id))!);
    }),
  );

export async function deleteList(db: Db, id: number, actorId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await data.findList(tx, id);
    if (!before) throw notFound(LIST_NOT_FOUND);
    await data.deleteList(tx, id);
    await recordAuditEvent(tx, { kind: "contact-list.deleted", actorId, data: { listId: id, name: before.name } });
  });
}

/** Adds or removes members; an id that names no contact refuses the whole request. */
export async function changeMembers(db: Db, id: number, contactIds: number[], action: "add" | "remove", actorId: number): Promise<ContactList> {
  return db.transaction(async (tx) => {
    const list = await data.findList(tx, id);
    if (!list) throw notFound(LIST_NOT_FOUND);
    const ids = [...new Set(contactIds)];
    const known = new Set(await data.existingContactIds(tx, ids));
    const missing = ids.filter((c) => !known.has(c));
    if (missing.length > 0) throw badRequest(`No contact has the id ${missing.slice(0, 5).join(", ")}`, { contactIds: "Some of these contacts do not exist" });
    await (action === "add" ? data.addMembers(tx, id, ids) : data.removeMembers(tx, id, ids));
    await recordAuditEvent(tx, { kind: action === "add" ? "contact-list.members-added" : "contact-list.members-removed", actorId, data: { listId: id, name: list.name, count: ids.length } });
    return toList((await data.findList(tx, id))!);
  });
}

// Segments.
const toSegment = (row: { id: number; name: string; filter: ContactFilter; createdAt: Date }): ContactSegment => ({ ...row, createdAt: row.createdAt.toISOString() });

export const listSegments = async (db: Db): Promise<ContactSegment[]> => (await data.findSegments(db)).map(toSegment);

export const createSegment = (db: Db, name: string, filter: ContactFilter, actorId: number): Promise<ContactSegment> =>
  withUniqueName("A segment with this name already exists", () =>
    db.transaction(async (tx) => {
      const row = await data.insertSegment(tx, name, filter);
      await recordAuditEvent(tx, { kind: "contact-segment.created", actorId, data: { segmentId: row.id, name } });
      return toSegment(row);
    }),
  );

export async function deleteSegment(db: Db, id: number, actorId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await data.findSegment(tx, id);
    if (!before) throw notFound(SEGMENT_NOT_FOUND);
    await data.deleteSegment(tx, id);
    await recordAuditEvent(tx, { kind: "contact-segment.deleted", actorId, data: { segmentId: id, name: before.name } });
  });
}

export async function segmentContacts(db: Db, id: number, limit: number) {
  const segment = await data.findSegment(db, id);
  if (!segment) throw notFound(SEGMENT_NOT_FOUND);
  return { segment: toSegment(segment), ...(await matching(db, segment.filter, limit)) };
}

// CSV.
const CSV_BATCH = 500;

/** Every contact as CSV, batch by batch (newest first by id, which never changes while the file streams). */
export async function* contactsCsvChunks(db: Db): AsyncGenerator<string> {
  yield contactsCsvHeader();
  let beforeId: number | undefined;
  for (;;) {
    const rows = await data.findContacts(db, {}, { beforeId, limit: CSV_BATCH });
    if (rows.length === 0) return;
    yield contactsCsvRows(rows.map(toContact));
    if (rows.length < CSV_BATCH) return;
    beforeId = rows[rows.length - 1].id;
  }
}

export const recordContactsExport = (db: Db, actorId: number) => recordAuditEvent(db, { kind: "contact.exported", actorId, data: {} });

// Campaigns read their audience and write opt-outs through these (docs/guides/campaigns.md).

/**
 * The condition on the leads table naming an audience's contacts: its lists' members, its
 * segments' matches now, and the contacts it names. A list or segment that does not exist refuses
 * the audience with 400 and a message naming it.
 */
export async function audienceCondition(db: Db | Tx, audience: { listIds: number[]; segmentIds: number[]; contactIds: number[] }) {
  const { lists, segments } = await data.findAudienceParts(db, audience.listIds, audience.segmentIds);
  const missingList = audience.listIds.find((id) => !lists.some((l) => l.id === id));
  if (missingList !== undefined) throw badRequest(`The audience names list ${missingList}, which does not exist (it may have been deleted).`);
  const missingSegment = audience.segmentIds.find((id) => !segments.some((s) => s.id === id));
  if (missingSegment !== undefined) throw badRequest(`The audience names segment ${missingSegment}, which does not exist (it may have been deleted).`);
  return data.audienceWhere(db, audience.listIds, segments.map((s) => s.filter), audience.contactIds);
}

/** A contact's own opt-out: subscribed becomes unsubscribed at once (bounced and complained stay). */
export const unsubscribeContact = (tx: Tx, id: number) => data.markUnsubscribed(tx, id);

/**
 * A hard bounce (or a second soft one) makes a subscribed contact `bounced`; a complaint makes any
 * contact `complained`, the strongest suppression. An unsubscribed contact who bounces stays
 * unsubscribed: both keep mail away, and the opt-out is the person's own word.
 */
export const bounceContact = (tx: Tx, id: number) => data.markStatus(tx, id, "bounced", ["subscribed"]);
export const complainedContact = (tx: Tx, id: number) => data.markStatus(tx, id, "complained", ["subscribed", "unsubscribed", "bounced"]);
