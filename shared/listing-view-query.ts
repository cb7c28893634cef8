// The listing pages' query string, one table of known parameters that both sides read:
// the lists turn an address into filters with
// it (client/src/features/listings/lib/listing-view-url.ts) and the server checks a saved view's
// query with it, so a view that saves is a view the lists can open. A new parameter is one row.
import { DEAL_STAGES, PROPERTY_TYPES } from "./listing-fact-choices.js";
import { MINE, UNASSIGNED } from "./constants.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
import { MARKETING_CATEGORIES, OFFERING_TYPES } from "./enumerations.js";
import { isTableColumnsValue, TABLE_COLUMNS } from "./table-columns.js";
import { AREA_VIEW_PARAMS } from "./map-area.js";

/** The sort keys of the lists, each written `<key>-asc` or `<key>-desc` in `sort=`; each table column is one. */
export const SORT_KEYS = ["newest", "name", ...TABLE_COLUMNS] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export const SORT_DIRECTIONS = ["asc", "desc"] as const;

/** How the lists show listings (`view=`): cards, the table, or the map. */
export const VIEW_MODES = ["grid", "list", "map"] as const;
export type ViewMode = (typeof VIEW_MODES)[number];

// Filter parameters by how their value reads; the client maps each to its filter field.
export const CHOICE_PARAMS = [
  ["category", "category", MARKETING_CATEGORIES],
  ["offering", "offeringType", OFFERING_TYPES],
  ["type", "propertyType", PROPERTY_TYPES],
  ["stage", "dealStage", DEAL_STAGES],
] as const;
export const FLAG_PARAMS = [
  ["starred", "starredOnly"],
  ["notes", "withNotes"],
  ["expiring", "expiringSoon"],
] as const;
export const NUMBER_PARAMS = [
  ["minPrice", "priceMin"],
  ["maxPrice", "priceMax"],
  ["minSize", "sizeMin"],
  ["maxSize", "sizeMax"],
] as const;

const SEARCH_MAX = 200;

/** A non-negative finite number as the address writes it; null for anything else. */
export function queryNumber(text: string | null): number | null {
  if (text === null || text.trim() === "") return null;
  const n = Number(text);
  return Number.isFinite(n) && n >= 0 ? n : null;
}

const oneOf = (values: readonly string[]) => (v: string) => values.includes(v);
const sortTokens = SORT_KEYS.flatMap((k) => SORT_DIRECTIONS.map((d) => `${k}-${d}`));

/**
 * Every parameter a listing page's address may carry, with the check its value must pass and the
 * words a refusal uses. The order is the order `describe` lists them in.
 */
export const LISTING_VIEW_PARAMS: Record<string, { valid: (value: string) => boolean; expects: string }> = {
  q: { valid: (v) => v.length <= SEARCH_MAX, expects: `a search of at most ${SEARCH_MAX} characters` },
  // Agent ids are uuids (older links may carry a number); "mine" is the asker's own profile.
  agent: { valid: (v) => v === UNASSIGNED || v === MINE || /^[1-9]\d{0,9}$/.test(v) || UUID.test(v), expects: `an agent id, "${MINE}" or "${UNASSIGNED}"` },
  ...Object.fromEntries(CHOICE_PARAMS.map(([param, , values]) => [param, { valid: oneOf(values), expects: `one of ${values.join(", ")}` }])),
  ...Object.fromEntries(FLAG_PARAMS.map(([param]) => [param, { valid: (v: string) => v === "1", expects: "1" }])),
  ...Object.fromEntries(NUMBER_PARAMS.map(([param]) => [param, { valid: (v: string) => queryNumber(v) !== null, expects: "a number of 0 or more" }])),
  ...AREA_VIEW_PARAMS,
  sort: { valid: oneOf(sortTokens), expects: `one of ${sortTokens.join(", ")}` },
  view: { valid: oneOf(VIEW_MODES), expects: `one of ${VIEW_MODES.join(", ")}` },
  cols: { valid: isTableColumnsValue, expects: `columns from ${TABLE_COLUMNS.join(", ")}, separated by commas, each once` },
};

/**
 * Why `query` is not a listing view the lists understand, or null when it is: an unknown
 * parameter, one given twice, or a value its check refuses. The lists themselves read leniently
 * (a hand-edited address still opens); a saved view must be exact.
 */
export function listingViewQueryError(query: string): string | null {
  const params = new URLSearchParams(query.startsWith("?") ? query.slice(1) : query);
  const seen = new Set<string>();
  for (const [name, value] of params) {
    const rule = Object.hasOwn(LISTING_VIEW_PARAMS, name) ? LISTING_VIEW_PARAMS[name] : undefined;
    if (!rule) return `Unknown view parameter "${name}"`;
    if (seen.has(name)) return `The view parameter "${name}" is given twice`;
    seen.add(name);
    if (!rule.valid(value)) return `The view parameter "${name}" must be ${rule.expects}`;
  }
  return null;
}
