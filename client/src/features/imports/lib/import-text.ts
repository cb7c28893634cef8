// How the wizard words what the server sends: file columns, values before → after, the duplicate
// policies and the history's statuses. Fields are named with the form's labels
// (shared/field-labels.ts) and facts printed with the listing-facts formatters, as everywhere else.
import { fieldLabel } from "@shared/field-labels";
import type { MatchBy } from "@shared/imports/targets";
import type { ImportColumn, ImportStatus } from "@shared/imports/wire";
import { factRows, LISTING_FACT_FIELDS } from "@shared/listing-facts";

/** A column's header as shown; an empty one still needs a name a person can point at. */
export const NO_HEADER = "(no header)";
export const columnHeader = (column: Pick<ImportColumn, "header">) => column.header.trim() || NO_HEADER;

/** "Column 3": its place in the file, which tells apart columns with the same or no header. */
export const columnPosition = (index: number) => `Column ${index + 1}`;

/** Headers that name more than one column of the file (each is then told apart by position). */
export function repeatedHeaders(columns: readonly Pick<ImportColumn, "header">[]): Set<string> {
  const seen = new Map<string, number>();
  for (const c of columns) {
    const key = c.header.trim().toLowerCase();
    if (key) seen.set(key, (seen.get(key) ?? 0) + 1);
  }
  return new Set([...seen].filter(([, n]) => n > 1).map(([key]) => key));
}

const FACTS = new Set<string>(LISTING_FACT_FIELDS);

/**
 * A listing value as the detail dialog prints it ("$1,650,000", "20,000 SF", "Class B"); "empty"
 * for none. `agentName` turns an agent id into the agent's name.
 */
export function fieldValueText(field: string, value: unknown, agentName?: (id: string) => string | undefined): string {
  if (value === null || value === undefined || value === "") return "empty";
  if (field === "isActive") return value ? "Active" : "Inactive";
  if (field === "agentId") return agentName?.(String(value)) ?? "an agent";
  if (FACTS.has(field)) {
    const [row] = factRows({ [field]: value });
    if (row) return row.value;
  }
  return typeof value === "boolean" ? (value ? "yes" : "no") : String(value);
}

/** "Asking Price: $1,650,000 → $1,595,000". */
export const changeText = (field: string, [before, after]: readonly [unknown, unknown], agentName?: (id: string) => string | undefined) =>
  `${fieldLabel(field)}: ${fieldValueText(field, before, agentName)} → ${fieldValueText(field, after, agentName)}`;

/** What each duplicate policy does, in a broker's words. */
export const MATCH_BY_EXPLANATIONS: Record<MatchBy, string> = {
  nameAddress:
    "A row updates the listing with the same listing name, address and city, and creates a listing otherwise. A listing renamed in the file is created again.",
  link: "A row updates the listing with the same Looplink or flyer link. Best for LoopNet and Crexi exports, where several listings can share one street address.",
  address: "A row updates the listing at the same address in the same city and state, whatever its name is in the file.",
  none: "Every row creates a new listing, even when one like it exists. Importing the same file twice makes duplicates.",
};

export const STATUS_LABELS: Record<ImportStatus, string> = {
  staged: "Previewed",
  committing: "Importing",
  committed: "Imported",
  undone: "Undone",
};

export const plural = (n: number, word: string, many = `${word}s`) => `${n.toLocaleString("en-US")} ${n === 1 ? word : many}`;

/** "Same match as rows 3, 7" — and, past the rows listed, how many more share the match. */
export function duplicatesText(duplicateOf: readonly number[], duplicateCount?: number): string {
  const more = (duplicateCount ?? duplicateOf.length) - duplicateOf.length;
  const rows = `Same match as row${duplicateOf.length === 1 && more <= 0 ? "" : "s"} ${duplicateOf.join(", ")}`;
  return more > 0 ? `${rows} and ${more.toLocaleString("en-US")} more` : rows;
}
