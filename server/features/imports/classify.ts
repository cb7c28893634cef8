// Every row of a preview classified create / update / unchanged / fail:
// rows that share a match key are paired in file order with the listings that have it, one
// listing per row, so they are flagged but never merged; a row left without a listing creates
// one. No database here: matches and the listings they name arrive from data.ts.
import { fieldLabel } from "../../../shared/field-labels.js";
import { IMPORT_LIMITS, type ImportRowAction, type ImportRowDto, type ImportRowError } from "../../../shared/imports/wire.js";
import { listingFactsProblems, priceText, sizeText } from "../../../shared/listing-facts.js";
import { LIMITS } from "../../../shared/schema.js";
import type { AgentMatch } from "../listing-rows/service.js";
import { missingForCreate, type RowResult } from "./row-values.js";

export interface MatchedRow {
  row: number;
  result: RowResult;
  /** The row's match key (null: it matches nothing, as with matchBy "none" or no link). */
  key: string | null;
  /** Existing listings with that key, in id order. */
  candidates: string[];
}

/** A listing as stored, by API field name (the fields an import may write, plus its version). */
export type StoredListing = Record<string, unknown> & { id: string; version: number; agentId: string | null };

/** What a row shows of the other rows that share its match key. */
export type Duplicates = Pick<ImportRowDto, "duplicateOf" | "duplicateCount">;

export interface ClassifiedRow {
  row: number;
  action: ImportRowAction;
  /** The listing updated, or the id the created listing will get. */
  listingId: string | null;
  /** What the commit writes (only the import's fields); null for unchanged and failed rows. */
  values: Record<string, unknown> | null;
  /** The listing's version when previewed (updates only). */
  expectedVersion: number | null;
  errors?: ImportRowError[];
  warnings?: ImportRowError[];
  changes?: Record<string, [unknown, unknown]>;
  listing: ImportRowDto["listing"];
}

/** Values equal as the API writes them: null and absent alike, numbers by value. */
export const sameValue = (a: unknown, b: unknown) => {
  if ((a ?? null) === null || (b ?? null) === null) return (a ?? null) === (b ?? null);
  if (typeof a === "number" || typeof b === "number") return Number(a) === Number(b);
  return a === b;
};

export interface ClassifyContext {
  /** Resolves an Agent cell; absent when no column maps to Agent. */
  resolveAgent?: (name: string, currentAgentIds: (string | null)[]) => AgentMatch;
  newId: () => string;
}

const str = (v: unknown) => (v === null || v === undefined ? "" : String(v));

/** Notes with each line added that they do not hold already (so importing the file again changes nothing). */
export function notesKeeping(notes: string | null, lines: string[]): string {
  let out = notes ?? "";
  for (const line of lines) if (!out.includes(line)) out = out.trim() === "" ? line : `${out}\n${line}`;
  return out;
}

type Facts = Parameters<typeof priceText>[0];
/** The preview's columns of a row that reads: as the listing pages print them. */
const factsShown = (l: Record<string, unknown>) => ({
  price: priceText(l as Facts) ?? "",
  size: sizeText(l as Facts) ?? "",
  propertyType: str(l.propertyType),
  dealStage: str(l.dealStage),
});
/** The preview's columns of a row that fails: the file's text. */
const textShown = (t: RowResult["text"]) => ({
  price: t.askingPrice || t.leaseRate || "",
  size: t.buildingSizeSf || t.availableSizeSf || t.lotSizeAcres || "",
  propertyType: t.propertyType ?? "",
  dealStage: t.dealStage ?? "",
});

/**
 * Classifies a file's rows a batch at a time, in file order, so a preview can stage one batch
 * while it reads the next. Everything about a row is known from the rows
 * before it except the later rows sharing its key: `duplicates()` gives those once every batch
 * is in.
 */
export function rowClassifier(ctx: ClassifyContext) {
  // Rows per key, in file order, for the duplicate flags.
  const byKey = new Map<string, number[]>();
  // Listings already paired with an earlier row: one listing per row.
  const taken = new Set<string>();

  function classifyRow({ row, result, key, candidates }: MatchedRow, existing: Map<string, StoredListing>): ClassifiedRow {
    const text = result.text;
    const listing: ImportRowDto["listing"] = { name: str(text.listingName), address: str(text.address), city: str(text.city), state: str(text.state), ...textShown(text) };
    const fail = (errors: ImportRowError[]): ClassifiedRow => ({ row, action: "fail", listingId: null, values: null, expectedVersion: null, errors, listing });
    const warnings = result.warnings ? { warnings: result.warnings } : {};
    if (!result.values) return fail(result.errors);
    if (key !== null) {
      const rows = byKey.get(key);
      if (rows) rows.push(row);
      else byKey.set(key, [row]);
    }

    const matchedId = candidates.find((id) => !taken.has(id) && existing.has(id));
    const current = matchedId ? existing.get(matchedId)! : undefined;
    if (matchedId) taken.add(matchedId);

    // The row's own values, read once for this row: the agent is settled into them.
    const values: Record<string, unknown> = result.values;
    if (ctx.resolveAgent && result.agentName !== undefined) {
      const agent = ctx.resolveAgent(result.agentName, current ? [current.agentId] : []);
      if ("error" in agent) return fail([{ field: "agentId", message: agent.error }]);
      values.agentId = agent.agentId;
    }
    listing.name = str(values.listingName ?? current?.listingName);
    listing.address = str(values.address ?? current?.address);
    listing.city = str(values.city ?? current?.city);
    listing.state = str(values.state ?? current?.state);
    Object.assign(listing, factsShown({ ...current, ...values }));
    if (result.keep) {
      // The file's own notes, or else the listing's, keep what the row stores only approximately.
      const notes = notesKeeping(("notes" in values ? values.notes : current?.notes ?? null) as string | null, result.keep);
      if (notes.length > LIMITS.description) {
        return fail([{ field: "notes", message: `Notes would be longer than ${LIMITS.description.toLocaleString("en-US")} characters with "${result.keep.join("; ")}" kept in them` }]);
      }
      values.notes = notes;
    }

    if (!current) {
      const missing = missingForCreate(values);
      if (missing.length > 0) return fail(missing);
      return { row, action: "create", listingId: ctx.newId(), values, expectedVersion: null, ...warnings, listing };
    }
    // A field the file's value left unset keeps what the listing holds (the commit writes every field of the import).
    for (const field of result.unset ?? []) values[field] = current[field] ?? null;
    const problems = listingFactsProblems({ ...current, ...values } as Parameters<typeof listingFactsProblems>[0]);
    const problemFields = Object.entries(problems);
    if (problemFields.length > 0) {
      return fail(problemFields.map(([field, message]) => ({ field, message: `${message} (${fieldLabel(field)} of the listing it updates)` })));
    }
    const changes: Record<string, [unknown, unknown]> = {};
    for (const [field, after] of Object.entries(values)) {
      const before = current[field] ?? null;
      if (!sameValue(before, after)) changes[field] = [before, after ?? null];
    }
    const action: ImportRowAction = Object.keys(changes).length > 0 ? "update" : "unchanged";
    return {
      row,
      action,
      listingId: current.id,
      values: action === "update" ? values : null,
      expectedVersion: current.version,
      ...(action === "update" ? { changes } : {}),
      ...warnings,
      listing,
    };
  }

  return {
    /** A batch's rows, `existing` holding the listings their candidates name; no duplicateOf yet. */
    classify: (rows: MatchedRow[], existing: Map<string, StoredListing>) => rows.map((r) => classifyRow(r, existing)),
    /**
     * Each row that shares its match key with other rows of the file: the first of those rows
     * (IMPORT_LIMITS.duplicatesListed) and, when there are more, how many.
     */
    duplicates(): Map<number, Duplicates> {
      const out = new Map<number, Duplicates>();
      const listed = IMPORT_LIMITS.duplicatesListed;
      for (const rows of byKey.values()) {
        if (rows.length < 2) continue;
        const first = rows.slice(0, listed + 1);
        const count = rows.length - 1;
        for (const row of rows) {
          const others = first.filter((r) => r !== row).slice(0, listed);
          out.set(row, count > others.length ? { duplicateOf: others, duplicateCount: count } : { duplicateOf: others });
        }
      }
      return out;
    },
  };
}
