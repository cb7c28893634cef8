// A preview (dry run): the file read in a worker, the mapping suggested, saved or checked, every
// row classified against the listings as they are now, and the whole staged in the database for
// an hour (docs/decisions/201). Nothing about the listings is written.
import { createHash, randomUUID } from "node:crypto";
import { csvHeaderKey } from "../../../shared/csv-columns.js";
import type { ImportTargetField, MatchBy } from "../../../shared/imports/targets.js";
import {
  IMPORT_LIMITS,
  type ImportPreviewReply,
  type ImportSummary,
  type ImportValueMaps,
  type importPreviewRequestSchema,
} from "../../../shared/imports/wire.js";
import type { z } from "zod";
import type { Db, Tx } from "../../db/database.js";
import { agentResolver, listAgentNames } from "../csv/service.js";
import { classifyRows, type MatchedRow } from "./classify.js";
import { findCandidates, loadListings, savedMapping, stageImport, type MatchInput } from "./data.js";
import { buildPlan, checkMapping, checkValueMapsAndDefaults } from "./mapping-plan.js";
import { readInWorker } from "./read-in-worker.js";
import { rowChecker } from "./row-check.js";
import { checkDefaults, rowValues, type RowResult } from "./row-values.js";
import { suggestMapping } from "./suggest-mapping.js";

export type PreviewRequest = z.output<typeof importPreviewRequestSchema>;

/** What is saved per header signature once an import is committed. */
export interface SavedMapping {
  mapping: (ImportTargetField | null)[];
  valueMaps: ImportValueMaps;
  defaults: Record<string, string>;
  matchBy: MatchBy;
}

/** The header row's signature: the same columns in the same order, however written. */
export const headerSignature = (header: string[]) => createHash("sha256").update(header.map(csvHeaderKey).join("\u0001")).digest("hex");

const SLICE = 2_000;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

function samplesOf(rows: { cells: string[] }[], index: number): string[] {
  const samples: string[] = [];
  for (const { cells } of rows) {
    const v = (cells[index] ?? "").trim();
    if (v !== "") samples.push(v);
    if (samples.length === IMPORT_LIMITS.samples) break;
  }
  return samples;
}

const matchInput = (r: RowResult): MatchInput | null => {
  if (!r.values) return null;
  const v = r.values;
  return { name: v.listingName, address: v.address, city: v.city, state: v.state, link: (v.looplinkLink ?? v.marketingFlyerLink ?? null) || null };
};

export async function previewImport(db: Db, request: PreviewRequest, userId: number): Promise<ImportPreviewReply> {
  const table = await readInWorker(
    request.encoding === "base64"
      ? { bytes: new Uint8Array(Buffer.from(request.content, "base64")), options: request }
      : { text: request.content, options: request },
  );
  const { header, rows } = table;
  const signature = headerSignature(header);
  const explicit = request.mapping != null;
  const saved = explicit ? undefined : ((await savedMapping(db, signature)) as SavedMapping | undefined);
  const useSaved = saved !== undefined && saved.mapping.length === header.length;

  const mapping = explicit ? checkMapping(request.mapping!, header.length) : useSaved ? saved.mapping : suggestMapping(header, rows);
  const valueMaps = request.valueMaps ?? (useSaved ? saved.valueMaps : {});
  const defaultsGiven = request.defaults ?? (useSaved ? saved.defaults : {});
  checkValueMapsAndDefaults(valueMaps, defaultsGiven);
  const defaults = checkDefaults(defaultsGiven);
  const matchBy = request.matchBy ?? (useSaved ? saved.matchBy : "nameAddress");
  const plan = buildPlan({ mapping, explicit, valueMaps, defaults, matchBy, rows });

  // Rows are read a slice at a time, so other requests are answered between slices.
  const results: RowResult[] = [];
  const check = rowChecker();
  for (let i = 0; i < rows.length; i += SLICE) {
    for (const r of rows.slice(i, i + SLICE)) results.push(rowValues(r.cells, plan, check));
    await nextTurn();
  }
  const candidates = await findCandidates(db, matchBy, results.map(matchInput));
  const existing = await loadListings(db, [...new Set(candidates.flatMap((c) => c.ids))]);
  // An Agent column or default holds a name; the agents settle it (as the template import does).
  const resolveAgent = plan.written.has("agentId") ? agentResolver(await listAgentNames(db as unknown as Tx)) : undefined;
  const matched: MatchedRow[] = rows.map((r, i) => ({ row: r.row, result: results[i], key: candidates[i].key, candidates: candidates[i].ids }));
  const classified = classifyRows(matched, { existing, resolveAgent, newId: randomUUID });

  const summary: ImportSummary = { create: 0, update: 0, unchanged: 0, fail: 0 };
  let duplicateRows = 0;
  for (const c of classified) {
    summary[c.action]++;
    if (c.duplicateOf) duplicateRows++;
  }
  const expiresAt = new Date(Date.now() + IMPORT_LIMITS.stagingMs);
  const reply: Omit<ImportPreviewReply, "id"> = {
    fileName: request.fileName,
    format: table.format,
    ...(table.charset ? { charset: table.charset } : {}),
    ...(table.delimiter ? { delimiter: table.delimiter } : {}),
    ...(table.sheets ? { sheets: table.sheets, sheet: table.sheet } : {}),
    columns: header.map((h, index) => ({ index, header: h, samples: samplesOf(rows, index) })),
    mapping,
    valueMaps: plan.valueMaps,
    defaults: plan.defaults,
    matchBy,
    summary,
    duplicateRows,
    missingRequired: plan.missingRequired,
    nameFromAddress: plan.nameFromAddress,
    savedMapping: useSaved,
    expiresAt,
  };
  const staged = classified.map((c, i) => ({ ...c, cells: rows[i].cells }));
  const id = await stageImport(
    db,
    { userId, fileName: request.fileName, signature, preview: { ...reply, header }, fields: [...plan.written], expiresAt },
    staged,
  );
  return { id, ...reply };
}
