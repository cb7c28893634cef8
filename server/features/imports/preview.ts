// A preview (dry run): the file read in a worker, the mapping suggested, saved or checked, every
// row classified against the listings as they are now, and the whole staged in the database for
// an hour. Nothing about the listings is written.
import { createHash, randomUUID } from "node:crypto";
import { csvHeaderKey } from "../../../shared/csv-columns.js";
import { defaultMatchBy } from "../../../shared/imports/targets.js";
import {
  IMPORT_LIMITS,
  type ImportPreviewReply,
  type ImportSummary,
  type importPreviewRequestSchema,
} from "../../../shared/imports/wire.js";
import type { z } from "zod";
import type { Db, Tx } from "../../db/database.js";
import { agentResolverFor } from "../listing-rows/service.js";
import { rowClassifier, type MatchedRow } from "./classify.js";
import { findCandidates, loadListings, savedMapping, stageImport, type MatchInput, type StageBatch } from "./data.js";
import { buildPlan, checkCityStateFrom, checkMapping, checkValueMapsAndDefaults, type MappingPlan, type RowText } from "./mapping-plan.js";
import { oneAtATime } from "./one-at-a-time.js";
import { readInWorker } from "./read-in-worker.js";
import { rowChecker } from "./row-check.js";
import type { CellRange } from "./cell-text.js";
import { checkDefaults, rowValues, type RowResult } from "./row-values.js";
import { cityStateSources, suggestMapping, writesCityState } from "./suggest-mapping.js";
import { valueNotes } from "./value-maps.js";

export type PreviewRequest = z.output<typeof importPreviewRequestSchema>;


/** The header row's signature: the same columns in the same order, however written. */
export const headerSignature = (header: string[]) => createHash("sha256").update(header.map(csvHeaderKey).join("\u0001")).digest("hex");

const SLICE = 2_000;
/** Rows per batch read, matched, classified and staged together. */
const BATCH = 10_000;
const stagingInTurn = oneAtATime();
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Each column's first few values and how many rows give it one. */
export function columnsOf(header: string[], rows: { cells: string[] }[]) {
  const columns = header.map((h, index) => ({ index, header: h, samples: [] as string[], filled: 0 }));
  for (const { cells } of rows) {
    for (const column of columns) {
      const v = (cells[column.index] ?? "").trim();
      if (v === "") continue;
      column.filled++;
      if (column.samples.length < IMPORT_LIMITS.samples) column.samples.push(v);
    }
  }
  return columns;
}

const matchInput = (r: RowResult): MatchInput | null => {
  if (!r.values) return null;
  const v = r.values;
  return { name: v.listingName, address: v.address, city: v.city, state: v.state, link: (v.looplinkLink ?? v.marketingFlyerLink ?? null) || null };
};

/**
 * Every row read, matched and classified a batch at a time, each batch handed to staging when
 * ready: its COPY runs while the next batch is read.
 */
async function classifyInBatches(
  rows: { row: number; cells: string[] }[],
  texts: RowText[],
  ranges: (CellRange[] | undefined)[],
  to: { plan: MappingPlan; classifier: ReturnType<typeof rowClassifier>; summary: ImportSummary; stage: StageBatch; query: Db | Tx },
): Promise<void> {
  const check = rowChecker();
  for (let b = 0; b < rows.length; b += BATCH) {
    const batch = rows.slice(b, b + BATCH);
    const results: RowResult[] = [];
    // Rows are read a slice at a time, so other requests are answered between slices.
    for (let i = 0; i < batch.length; i += SLICE) {
      const end = Math.min(batch.length, i + SLICE);
      for (let j = i; j < end; j++) results.push(rowValues(texts[b + j], to.plan, check, ranges[b + j]));
      await nextTurn();
    }
    const candidates = await findCandidates(to.query, to.plan.matchBy, results.map(matchInput));
    const existing = await loadListings(to.query, [...new Set(candidates.flatMap((c) => c.ids))]);
    const matched: MatchedRow[] = batch.map((r, i) => ({ row: r.row, result: results[i], key: candidates[i].key, candidates: candidates[i].ids }));
    const classified = to.classifier.classify(matched, existing);
    for (const c of classified) to.summary[c.action]++;
    await to.stage(classified, batch.map((r) => r.cells));
  }
}

export async function previewImport(db: Db, request: PreviewRequest, userId: number): Promise<ImportPreviewReply> {
  const table = await readInWorker(
    request.encoding === "base64"
      ? { bytes: new Uint8Array(Buffer.from(request.content, "base64")), options: request }
      : { text: request.content, options: request },
    userId,
  );
  const { header, rows } = table;
  const signature = headerSignature(header);
  const explicit = request.mapping != null;
  const saved = explicit ? undefined : await savedMapping(db, signature);
  const useSaved = saved !== undefined && saved.mapping.length === header.length;

  const mapping = explicit ? checkMapping(request.mapping!, header.length) : useSaved ? saved.mapping : suggestMapping(header, rows);
  const valueMaps = request.valueMaps ?? (useSaved ? saved.valueMaps : {});
  const defaultsGiven = request.defaults ?? (useSaved ? saved.defaults : {});
  checkValueMapsAndDefaults(valueMaps, defaultsGiven);
  const defaults = checkDefaults(defaultsGiven);
  // Offered when the file has no City and State of its own, and taken unless the person says otherwise.
  const sources = cityStateSources(rows, mapping);
  const cityStateFrom = explicit
    ? checkCityStateFrom(request.cityStateFrom, header.length)
    : useSaved
      ? (saved.cityStateFrom ?? null)
      : writesCityState(mapping) ? null : (sources[0]?.column ?? null);
  const columns = columnsOf(header, rows);
  const suggestedMatchBy = defaultMatchBy({ mapping, cityStateFrom, filled: columns.map((c) => c.filled), rows: rows.length });
  const matchBy = request.matchBy ?? (useSaved ? saved.matchBy : suggestedMatchBy);
  const { plan, texts, ranges, warnings } = buildPlan({ mapping, explicit, valueMaps, defaults, matchBy, cityStateFrom, rows });

  // An Agent column or default holds a name; the agents settle it (as the template import does).
  const resolveAgent = plan.written.has("agentId") ? await agentResolverFor(db as unknown as Tx) : undefined;
  const summary: ImportSummary = { create: 0, update: 0, unchanged: 0, fail: 0 };
  const expiresAt = new Date(Date.now() + IMPORT_LIMITS.stagingMs);
  const reply: Omit<ImportPreviewReply, "id"> = {
    target: "listings",
    fileName: request.fileName,
    format: table.format,
    ...(table.charset ? { charset: table.charset } : {}),
    ...(table.delimiter ? { delimiter: table.delimiter } : {}),
    ...(table.sheets ? { sheets: table.sheets, sheet: table.sheet } : {}),
    columns,
    mapping,
    valueMaps: plan.valueMaps,
    defaults: plan.defaults,
    matchBy,
    cityStateFrom,
    cityStateSources: sources,
    summary,
    duplicateRows: 0,
    missingRequired: plan.missingRequired,
    nameFromAddress: plan.nameFromAddress,
    warnings,
    suggestedMatchBy,
    valueNotes: valueNotes(plan.valueMaps),
    savedMapping: useSaved,
    expiresAt,
  };

  const head = { userId, fileName: request.fileName, signature, fields: [...plan.written], expiresAt };
  const id = await stagingInTurn(() =>
    stageImport(db, head, async (stage, query) => {
      const classifier = rowClassifier({ resolveAgent, newId: randomUUID });
      await classifyInBatches(rows, texts, ranges, { plan, classifier, summary, stage, query });
      const duplicates = classifier.duplicates();
      reply.duplicateRows = duplicates.size;
      return { preview: { ...reply, header }, duplicates };
    }),
  );
  return { id, ...reply };
}
