// The contacts CSV both ways (shared/contacts-csv.ts): the export's rows, every cell neutralised
// like the listings export, and the reading of an imported row (the import wizard's, mapped to
// contact fields) into a contact to create or merge.
import { CELL_LIST_SEPARATOR, CONTACT_CSV_COLUMNS } from "../../../shared/contacts-csv.js";
import { contactCreateSchema, type Contact, type ContactCreate } from "../../../shared/contacts.js";
import { neutraliseCell, restoreCell, toCsvLine } from "../../../shared/csv-columns.js";
import type { ContactImportField } from "../../../shared/imports/contact-fields.js";
import { LEAD_SOURCES, type LeadSource } from "../../../shared/leads.js";

export const contactsCsvHeader = (): string => toCsvLine(CONTACT_CSV_COLUMNS);

const number = (n: number | null) => (n === null ? "" : String(n));

export function contactsCsvRows(contacts: Contact[]): string {
  return contacts
    .map((c) =>
      [
        c.name,
        c.email,
        c.phone ?? "",
        c.company ?? "",
        c.role,
        c.tags.join(CELL_LIST_SEPARATOR),
        c.consent,
        c.status,
        c.interests.propertyTypes.join(CELL_LIST_SEPARATOR),
        c.interests.states.join(CELL_LIST_SEPARATOR),
        c.interests.offeringTypes.join(CELL_LIST_SEPARATOR),
        number(c.interests.minPrice),
        number(c.interests.maxPrice),
        number(c.interests.minSize),
        number(c.interests.maxSize),
        c.source,
        c.createdAt,
      ].map(neutraliseCell),
    )
    .map(toCsvLine)
    .join("");
}

/** A row of the file read into a contact, with the fields the file gives (the rest are left alone on a merge). */
export type ReadRow = { row: number; email: string } & ({ ok: true; contact: ContactCreate; given: Set<keyof ContactCreate>; source: LeadSource } | { ok: false; field: string; message: string });

const list = (cell: string) =>
  cell
    .split(/[;,|]/)
    .map((v) => v.trim())
    .filter(Boolean);
/** "$1,250,000" or "12,000 SF" as a whole number; blank is no bound. */
const amount = (cell: string) => {
  const digits = cell.replace(/[$,\s]|sf$/gi, "");
  return digits === "" ? null : Number(digits);
};
const lower = (cell: string) => cell.trim().toLowerCase();
const INTEREST_FIELDS = new Set(["propertyTypes", "states", "offeringTypes", "minPrice", "maxPrice", "minSize", "maxSize"]);
const FIELD_OF_PATH: Record<string, ContactImportField> = { minPrice: "minPrice", minSize: "minSize" };

/**
 * One row of a file, its cells by the contact field they are mapped to, read into a contact as
 * the contacts API would take it. Lists in a cell are separated by ";" (the export's), "," or "|".
 */
export function readContactRow(row: number, cell: Partial<Record<ContactImportField, string>>): ReadRow {
  const text = (f: ContactImportField) => restoreCell((cell[f] ?? "").trim());
  const email = text("email");
  if (!email) return { row, email, ok: false, field: "email", message: "Email is missing: a contact is matched and merged by its email" };
  const interests = {
    propertyTypes: list(text("propertyTypes")),
    states: list(text("states")).map((s) => s.toUpperCase()),
    offeringTypes: list(text("offeringTypes")),
    minPrice: amount(text("minPrice")),
    maxPrice: amount(text("maxPrice")),
    minSize: amount(text("minSize")),
    maxSize: amount(text("maxSize")),
  };
  const given = new Set<keyof ContactCreate>();
  const input: Record<string, unknown> = { name: text("name") || email, email, interests };
  if (text("name")) given.add("name");
  const take = (field: keyof ContactCreate, value: string, read: (cell: string) => unknown) => {
    if (!value) return;
    input[field] = read(value);
    given.add(field);
  };
  take("phone", text("phone"), String);
  take("company", text("company"), String);
  take("role", text("role"), lower);
  take("tags", text("tags"), list);
  take("consent", text("consent"), lower);
  take("status", text("status"), lower);
  if (Object.values(interests).some((v) => (Array.isArray(v) ? v.length > 0 : v !== null))) given.add("interests");
  const result = contactCreateSchema.safeParse(input);
  if (!result.success) {
    const issue = result.error.issues[0];
    const [first, second] = issue.path.map(String);
    const field = first === "interests" ? (FIELD_OF_PATH[second] ?? (INTEREST_FIELDS.has(second) ? second : "interests")) : first;
    return { row, email, ok: false, field, message: issue.message };
  }
  const source = lower(text("source"));
  return { row, email, ok: true, contact: result.data, given, source: (LEAD_SOURCES as readonly string[]).includes(source) ? (source as LeadSource) : "import" };
}
