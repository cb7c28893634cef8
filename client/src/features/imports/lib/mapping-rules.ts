// What the wizard checks before it sends a mapping:
// the same rules the server applies to an explicit mapping (a 400 naming the field), run on every
// change so the Map step can say what is wrong next to the column, before a request is spent.
// The server stays the judge; these only spare a round trip and say it sooner.
import {
  importTarget,
  isEnumeratedField,
  REQUIRED_IMPORT_FIELDS,
  VIRTUAL_TARGET_FIELDS,
  type ImportTargetField,
  type VirtualTarget,
} from "@shared/imports/targets";
import type { ImportColumn, ImportDefaults, ImportMapping } from "@shared/imports/wire";

/** The listing fields a target writes: itself, or the fields a combined column is split into. */
export function fieldsWrittenBy(target: ImportTargetField): readonly string[] {
  return VIRTUAL_TARGET_FIELDS[target as VirtualTarget] ?? [target];
}

/** Column positions per target, for the targets at least one column is mapped to. */
export function columnsByTarget(mapping: ImportMapping): Map<ImportTargetField, number[]> {
  const byTarget = new Map<ImportTargetField, number[]>();
  mapping.forEach((target, index) => {
    if (target === null) return;
    byTarget.set(target, [...(byTarget.get(target) ?? []), index]);
  });
  return byTarget;
}

/** Targets that two or more columns are sent to: the server refuses those, naming the field. */
export function repeatedTargets(mapping: ImportMapping): Map<ImportTargetField, number[]> {
  return new Map([...columnsByTarget(mapping)].filter(([, columns]) => columns.length > 1));
}

/** Every listing field some column writes, combined columns counted for each part, and City and
 * State when they are read from another column. */
export function coveredFields(mapping: ImportMapping, cityStateFrom: number | null = null): Set<string> {
  const covered = new Set(mapping.flatMap((target) => (target === null ? [] : fieldsWrittenBy(target))));
  if (cityStateFrom !== null) covered.add("city").add("state");
  return covered;
}

/** Whether columns of their own hold City and State: then reading them from a link is not offered. */
export const columnsHoldCityState = (mapping: ImportMapping) => {
  const covered = coveredFields(mapping);
  return covered.has("city") && covered.has("state");
};

/** Mapped columns that are empty in every row: each mapped field would be blank on every listing. */
export const emptyMappedColumns = (columns: readonly ImportColumn[], mapping: ImportMapping): ImportColumn[] =>
  columns.filter((c) => c.samples.length === 0 && mapping[c.index] != null);

const hasDefault = (defaults: ImportDefaults, field: string) => (defaults[field] ?? "").trim() !== "";

/**
 * Listing Name without a column or default: each row is named after its street address,
 * so Listing Name never needs a default of its own.
 */
export const nameFromAddress = (mapping: ImportMapping, defaults: ImportDefaults) =>
  !coveredFields(mapping).has("listingName") && !hasDefault(defaults, "listingName");

/** Required fields with neither a column nor a default: each must get a default before a preview. */
export function fieldsNeedingDefault(mapping: ImportMapping, defaults: ImportDefaults, cityStateFrom: number | null = null): string[] {
  const covered = coveredFields(mapping, cityStateFrom);
  return REQUIRED_IMPORT_FIELDS.filter((field) => field !== "listingName" && !covered.has(field) && !hasDefault(defaults, field));
}

export interface MappingProblem {
  field: string;
  message: string;
}

/** Why the mapping cannot be previewed yet, one sentence per field; empty when it can. */
export function mappingProblems(mapping: ImportMapping, defaults: ImportDefaults, cityStateFrom: number | null = null): MappingProblem[] {
  const repeated = [...repeatedTargets(mapping)].map(([field, columns]) => ({
    field,
    message: `${targetLabel(field)} is chosen for ${columns.length} columns (${columns.map((c) => `column ${c + 1}`).join(", ")}). Choose it for one column only.`,
  }));
  const missing = fieldsNeedingDefault(mapping, defaults, cityStateFrom).map((field) => ({
    field,
    message: `${targetLabel(field)} is required and no column holds it: give it a default.`,
  }));
  return [...repeated, ...missing];
}

export const targetLabel = (field: string) => importTarget(field)?.label ?? field;

/** Column positions per listing field written, combined columns counted for each part. */
function columnsByField(mapping: ImportMapping): Map<string, number[]> {
  const byField = new Map<string, number[]>();
  mapping.forEach((target, index) => {
    if (target === null) return;
    for (const field of fieldsWrittenBy(target)) byField.set(field, [...(byField.get(field) ?? []), index]);
  });
  return byField;
}

/**
 * Enumerated fields whose columns changed since the server last listed their values: the Values
 * section cannot show those values until the next preview.
 */
export function fieldsWithUnlistedValues(mapping: ImportMapping, listedFor: ImportMapping): string[] {
  const now = columnsByField(mapping);
  const then = columnsByField(listedFor);
  return [...now]
    .filter(([field, columns]) => isEnumeratedField(field) && String(then.get(field)) !== String(columns))
    .map(([field]) => field);
}
