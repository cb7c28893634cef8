// The contacts CSV both ways (shared/contacts-csv.ts): the export's rows, every cell neutralised
// like the listings export, and the import's reading of a file into contacts to create or merge.
import Papa from "papaparse";
import { CELL_LIST_SEPARATOR, CONTACT_CSV_COLUMNS, CONTACT_IMPORT_MAX_ROWS} from "../../../shared/contacts-csv.js";
import { contactCreateSchema, type Contact, type ContactCreate } from "../../../shared/contacts.js";
import { csvHeaderKey, neutraliseCell, restoreCell, toCsvLine } from "../../../shared/csv-columns.js";
import { badRequest } from "../../http/http-error.js";

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

/** A row of the file read into a contact, with the columns the file has (the rest are left alone on a merge). */
export type ReadRow = { row: number; email: string } & ({ ok: true; contact: ContactCreate; given: Set<keyof ContactCreate> } | { ok: false; message: string });

const COLUMN_BY_KEY = new Map(CONTACT_CSV_COLUMNS.map((c) => [csvHeaderKey(c), c]));
const list = (cell: string) =>
  cell
    .split(CELL_LIST_SEPARATOR)
    .map((v) => v.trim())
    .filter(Boolean);
/** "$1,250,000" or "12,000 SF" as a whole number; blank is no bound. */
const amount = (cell: string) => {
  const digits = cell.replace(/[$,\s]|sf$/gi, "");
  return digits === "" ? null : Number(digits);
};
const lower = (cell: string) => cell.trim().toLowerCase();

export function readContactsCsv(text: string): ReadRow[] {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ""), { skipEmptyLines: "greedy" });
  const [header = [], ...records] = parsed.data;
  const columns = header.map((h) => COLUMN_BY_KEY.get(csvHeaderKey(h)));
  if (!columns.includes("Email")) throw badRequest("The file needs an Email column", { csv: "The file needs an Email column" });
  if (records.length > CONTACT_IMPORT_MAX_ROWS) throw badRequest(`The file can have at most ${CONTACT_IMPORT_MAX_ROWS.toLocaleString("en-US")} rows`, { csv: "Too many rows" });
  return records.map((cells, i) => {
    const cell: Partial<Record<(typeof CONTACT_CSV_COLUMNS)[number], string>> = {};
    columns.forEach((c, j) => {
      if (c) cell[c] = restoreCell((cells[j] ?? "").trim());
    });
    const row = i + 2;
    const email = cell.Email ?? "";
    const interests = {
      propertyTypes: list(cell["Property Types"] ?? ""),
      states: list(cell.States ?? "").map((s) => s.toUpperCase()),
      offeringTypes: list(cell["Offering Types"] ?? ""),
      minPrice: amount(cell["Min Price"] ?? ""),
      maxPrice: amount(cell["Max Price"] ?? ""),
      minSize: amount(cell["Min Size"] ?? ""),
      maxSize: amount(cell["Max Size"] ?? ""),
    };
    const given = new Set<keyof ContactCreate>();
    const input: Record<string, unknown> = { name: cell.Name || email, email, interests };
    const take = (field: keyof ContactCreate, value: string | undefined, read: (cell: string) => unknown) => {
      if (!value) return;
      input[field] = read(value);
      given.add(field);
    };
    take("phone", cell.Phone, String);
    take("company", cell.Company, String);
    take("role", cell.Role, lower);
    take("tags", cell.Tags, list);
    take("consent", cell.Consent, lower);
    take("status", cell.Status, lower);
    if (Object.values(interests).some((v) => (Array.isArray(v) ? v.length > 0 : v !== null))) given.add("interests");
    const result = contactCreateSchema.safeParse(input);
    if (!result.success) return { row, email, ok: false, message: result.error.issues[0].message };
    return { row, email, ok: true, contact: result.data, given };
  });
}
