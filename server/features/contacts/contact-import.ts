// Contacts brought in by the import wizard (docs/guides/contacts-and-campaigns.md#importing):
// what each row of a file would do, doing it, and undoing it. The merge rules:
// a row matched by email (any case) fills empty fields, adds tags and applies a suppression, and
// never sets anyone back to subscribed nor changes a name or role.
import { hasNoInterests, SUPPRESSED_STATUSES, type Contact, type ContactCreate, type ContactInterests, type ContactPatch } from "../../../shared/contacts.js";
import type { ContactImportField } from "../../../shared/imports/contact-fields.js";
import type { LeadSource } from "../../../shared/leads.js";
import type { Db, Tx } from "../../db/database.js";
import { readContactRow } from "./contacts-csv.js";
import { conflict } from "../../http/http-error.js";
import * as data from "./data.js";
import { storedInterests, toContact } from "./contact-shape.js";

const ADDED_MEANWHILE = "Someone added a contact with one of this file's emails while it was importing. Nothing was imported: import the file again.";

type Fill = ContactPatch & { interests?: ContactInterests };

/** What a file row fills in on the contact with its email: empty fields only, never a typed one. */
function mergeFill(before: Contact, row: ContactCreate, given: ReadonlySet<keyof ContactCreate>): Fill {
  const fill: Fill = {};
  if (given.has("phone") && !before.phone) fill.phone = row.phone;
  if (given.has("company") && !before.company) fill.company = row.company;
  if (given.has("interests") && hasNoInterests(before.interests)) fill.interests = row.interests;
  if (given.has("consent") && before.consent === "unknown" && row.consent !== "unknown") fill.consent = row.consent;
  // Tags add up: a tag is a fact about the person, and the file may know new ones.
  const known = new Set(before.tags.map((t) => t.toLowerCase()));
  const added = row.tags.filter((t) => !known.has(t.toLowerCase()));
  if (given.has("tags") && added.length > 0) fill.tags = [...before.tags, ...added];
  // An opt-out in the file is honoured; "subscribed" in a file never lifts one.
  if (given.has("status") && before.status === "subscribed" && SUPPRESSED_STATUSES.includes(row.status)) fill.status = row.status;
  return fill;
}

/** A staged row: the contact the file gives, and which of its fields the file gave. */
export interface StagedContact {
  contact: ContactCreate;
  given: (keyof ContactCreate)[];
  source: LeadSource;
}

/** A row of the file the same email came first in: the later one's fields fill the first's, as they would a stored contact's. */
function foldInto(first: StagedContact, later: StagedContact): StagedContact {
  const asContact: Contact = { ...first.contact, id: 0, version: 0, source: first.source, createdAt: "" };
  const given = new Set(first.given);
  // A field the first row left out is empty for the later row to fill.
  if (!given.has("phone")) asContact.phone = null;
  if (!given.has("company")) asContact.company = null;
  const fill = mergeFill(asContact, later.contact, new Set(later.given));
  const contact = { ...first.contact, ...fill } as ContactCreate;
  for (const field of Object.keys(fill)) given.add(field as keyof ContactCreate);
  for (const field of ["name", "role"] as const) {
    if (!given.has(field) && later.given.includes(field)) {
      (contact as Record<string, unknown>)[field] = later.contact[field];
      given.add(field);
    }
  }
  return { ...first, contact, given: [...given] };
}

export interface ContactRowPlan {
  row: number;
  action: "create" | "update" | "unchanged" | "fail";
  contact: { name: string; email: string; company?: string | null };
  errors?: { field: string; message: string }[];
  warnings?: { field: string; message: string }[];
  changes?: Record<string, [unknown, unknown]>;
  duplicateOf?: number[];
  /** What the commit writes: on the first row of each email only. */
  staged?: StagedContact;
}

const shownValue = (field: string, c: Partial<Contact>) => (field === "interests" ? c.interests : (c as Record<string, unknown>)[field]);

/**
 * What each row of a file would do to the contacts as they are now, writing nothing: rows of one
 * email (any case) merge into the first of them; that row creates a contact or merges into the
 * stored one with that email.
 */
export async function planContactImport(db: Db | Tx, rows: { row: number; cells: Partial<Record<ContactImportField, string>> }[]): Promise<ContactRowPlan[]> {
  const plans: ContactRowPlan[] = [];
  const firstOf = new Map<string, ContactRowPlan>();
  for (const { row, cells } of rows) {
    const read = readContactRow(row, cells);
    if (!read.ok) {
      plans.push({ row, action: "fail", contact: { name: cells.name?.trim() ?? "", email: read.email }, errors: [{ field: read.field, message: read.message }] });
      continue;
    }
    const staged: StagedContact = { contact: read.contact, given: [...read.given], source: read.source };
    const key = read.contact.email.toLowerCase();
    const first = firstOf.get(key);
    if (first) {
      first.staged = foldInto(first.staged!, staged);
      plans.push({
        row,
        action: "unchanged",
        contact: { name: read.contact.name, email: read.contact.email },
        duplicateOf: [first.row],
        warnings: [{ field: "email", message: `Same email as row ${first.row}: merged into it` }],
      });
      continue;
    }
    const plan: ContactRowPlan = { row, action: "create", contact: { name: read.contact.name, email: read.contact.email, company: read.contact.company }, staged };
    firstOf.set(key, plan);
    plans.push(plan);
  }
  const existing = await data.findContactsByEmails(db, [...firstOf.keys()]);
  for (const [key, plan] of firstOf) {
    const staged = plan.staged!;
    const stored = existing.get(key);
    if (!stored) {
      plan.changes = Object.fromEntries(staged.given.map((f) => [f, [null, shownValue(f, staged.contact)]]));
      continue;
    }
    const before = toContact(stored);
    const fill = mergeFill(before, staged.contact, new Set(staged.given));
    plan.contact = { name: before.name, email: before.email, company: fill.company ?? before.company };
    plan.action = Object.keys(fill).length === 0 ? "unchanged" : "update";
    if (plan.action === "update") plan.changes = Object.fromEntries(Object.keys(fill).map((f) => [f, [shownValue(f, before), shownValue(f, fill)]]));
    if (staged.given.includes("status") && staged.contact.status === "subscribed" && before.status !== "subscribed") {
      plan.warnings = [{ field: "status", message: `Stays ${before.status}: an import never subscribes anyone again` }];
    }
  }
  return plans;
}

/** What the commit did to one contact, kept for its undo. */
export interface AppliedContact {
  row: number;
  leadId: number;
  action: "create" | "update" | "unchanged";
  /** The contact's version after the import wrote it. */
  version: number;
  /** On a merged contact: each field the import filled, [before, after] as stored (interests as stored: null for none). */
  filled?: Record<string, [unknown, unknown]>;
}

/**
 * Writes the staged rows: each creates its contact, or merges into the one with its email as the
 * contacts are now (the preview may be up to an hour old). Inside the caller's transaction.
 */
export async function applyContactImport(tx: Tx, rows: { row: number; staged: StagedContact }[]): Promise<AppliedContact[]> {
  // One email per staged row (the preview folded a file's repeats): its contact, locked, or none.
  const stored = await data.findContactsByEmails(tx, rows.map((r) => r.staged.contact.email.toLowerCase()), { lock: true });
  const applied: AppliedContact[] = [];
  const toCreate = rows.filter((r) => !stored.has(r.staged.contact.email.toLowerCase()));
  const created = await data
    .insertContacts(
      tx,
      toCreate.map(({ staged }) => ({ input: staged.contact, interests: storedInterests(staged.contact.interests), source: staged.source })),
    )
    .catch((err: unknown) => {
      // Someone added one of these emails after the rows above were read: the index decides.
      if ((err as { code?: string })?.code === "23505" || (err as { cause?: { code?: string } })?.cause?.code === "23505") throw conflict(ADDED_MEANWHILE);
      throw err;
    });
  toCreate.forEach((r, i) => applied.push({ row: r.row, leadId: created[i].id, action: "create", version: created[i].version }));
  for (const { row, staged } of rows) {
    const before = stored.get(staged.contact.email.toLowerCase());
    if (!before) continue;
    const fill = mergeFill(toContact(before), staged.contact, new Set(staged.given));
    if (Object.keys(fill).length === 0) {
      applied.push({ row, leadId: before.id, action: "unchanged", version: before.version });
      continue;
    }
    const written = { ...fill, ...(fill.interests ? { interests: storedInterests(fill.interests) } : {}) };
    const after = await data.updateContact(tx, before.id, written);
    const filled = Object.fromEntries(Object.entries(written).map(([f, v]): [string, [unknown, unknown]] => [f, [(before as Record<string, unknown>)[f], v]]));
    applied.push({ row, leadId: before.id, action: "update", version: after.version, filled });
  }
  return applied.sort((x, y) => x.row - y.row);
}

export interface ContactUndo {
  deleted: number;
  restored: number;
  /** Created contacts kept, by why. */
  kept: { count: number; reasons: string[] };
  /** Contacts whose opt-out (or bounce, or complaint) the import applied, and the undo keeps. */
  suppressionsKept: number;
}

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * Takes an import back: deletes the contacts it created unless one has since gained something
 * that must not be lost (an inquiry, a pipeline, a campaign's mail, a list, an edit), puts back
 * each field it filled that still holds what it wrote, takes off the tags it added, and keeps
 * every suppression it applied: an opt-out is the person's word.
 */
export async function undoContactImport(tx: Tx, applied: AppliedContact[]): Promise<ContactUndo> {
  const created = applied.filter((a) => a.action === "create");
  const history = await data.createdContactsHistory(tx, created.map((a) => ({ id: a.leadId, version: a.version })));
  const reasons = new Set<string>();
  const deletable: number[] = [];
  let keptCount = 0;
  // A contact deleted since has no history entry: nothing to do for it.
  for (const [id, why] of history) {
    if (why.length === 0) deletable.push(id);
    else keptCount++;
    for (const reason of why) reasons.add(reason);
  }
  await data.deleteContacts(tx, deletable);
  let restored = 0;
  let suppressionsKept = 0;
  for (const a of applied) {
    if (a.action !== "update" || !a.filled) continue;
    if (a.filled.status) suppressionsKept++;
    const now = await data.findContact(tx, a.leadId, { lock: true });
    if (!now) continue;
    const back: Record<string, unknown> = {};
    for (const [field, [before, after]] of Object.entries(a.filled)) {
      if (field === "status") continue;
      const current = (now as Record<string, unknown>)[field];
      if (field === "tags") {
        // Only the tags the import added come off; tags added since stay.
        const added = new Set((after as string[]).filter((t) => !(before as string[]).some((b) => b.toLowerCase() === t.toLowerCase())).map((t) => t.toLowerCase()));
        const left = (current as string[]).filter((t) => !added.has(t.toLowerCase()));
        if (left.length !== (current as string[]).length) back.tags = left;
      } else if (sameValue(current, after)) {
        back[field] = before;
      }
    }
    if (Object.keys(back).length === 0) continue;
    await data.updateContact(tx, a.leadId, back as Parameters<typeof data.updateContact>[2]);
    restored++;
  }
  return { deleted: deletable.length, restored, kept: { count: keptCount, reasons: data.KEPT_BECAUSE.filter((r) => reasons.has(r)) }, suppressionsKept };
}
