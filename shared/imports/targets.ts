// What a file column may be mapped to in the import wizard: every listing field the
// API takes, in the form's order, with its label, whether a listing cannot be made without it,
// and the allowed values of enumerated fields; plus two virtual targets that split a combined
// column. Client-safe. Decisions: docs/decisions/202-import-duplicate-policy.md and docs/decisions/204-who-may-undo.md.
import { fieldLabel } from "../field-labels.js";
import {
  BUILDING_CLASSES,
  DEAL_STAGES,
  LEASE_RATE_UNITS,
  LEASE_TYPES,
  PROPERTY_TYPES,
} from "../listing-fact-choices.js";
import { LISTING_FACT_FIELDS } from "../listing-facts.js";
import { MARKETING_CATEGORIES, OFFERING_TYPES, STATE_CODES } from "../schema.js";

/** Listing fields a column may write, in the form's order (the spec's, then the facts). */
export const LISTING_IMPORT_FIELDS = [
  "listingName",
  "address",
  "city",
  "state",
  "offeringType",
  "propertyDescription",
  "marketingCategory",
  "notes",
  "marketingCategoryReference",
  "marketingFlyerLink",
  "looplinkLink",
  "googleDriveLink",
  "dropboxLink",
  "agentId",
  "isActive",
  ...LISTING_FACT_FIELDS,
  // A file's coordinates are a pin like one dropped by hand.
  "latitude",
  "longitude",
] as const;
export type ListingImportField = (typeof LISTING_IMPORT_FIELDS)[number];

/** Columns that hold several fields at once: "Mobile, AL" and "54 Main St, Mobile, AL 36602". */
export const VIRTUAL_TARGETS = ["cityState", "fullAddress"] as const;
export type VirtualTarget = (typeof VIRTUAL_TARGETS)[number];

export type ImportTargetField = ListingImportField | VirtualTarget;

/** Fields a listing cannot be created without (the spec's import rules); each needs a column or a default.
 * Listing Name is the exception the wizard fills: without a column it is the street address. */
export const REQUIRED_IMPORT_FIELDS = [
  "listingName",
  "address",
  "city",
  "state",
  "offeringType",
  "propertyDescription",
  "marketingCategory",
] as const satisfies readonly ListingImportField[];

/** "Is Active" cells as the template writes them. */
export const IS_ACTIVE_CHOICES = ["true", "false"] as const;

/** Allowed values of the enumerated fields; a column mapped to one of these gets a value map. */
export const IMPORT_CHOICES: Partial<Record<ListingImportField, readonly string[]>> = {
  state: STATE_CODES,
  offeringType: OFFERING_TYPES,
  marketingCategory: MARKETING_CATEGORIES,
  isActive: IS_ACTIVE_CHOICES,
  propertyType: PROPERTY_TYPES,
  leaseRateUnit: LEASE_RATE_UNITS,
  leaseType: LEASE_TYPES,
  buildingClass: BUILDING_CLASSES,
  dealStage: DEAL_STAGES,
};

export interface ImportTarget {
  field: ImportTargetField;
  label: string;
  required: boolean;
  choices?: readonly string[];
}

const VIRTUAL_LABELS: Record<VirtualTarget, string> = { cityState: "City, State", fullAddress: "Full address" };

/** Every target, in form order, then the virtual ones. */
export const IMPORT_TARGETS: readonly ImportTarget[] = [
  ...LISTING_IMPORT_FIELDS.map((field) => {
    const choices = IMPORT_CHOICES[field];
    return {
      field,
      label: fieldLabel(field),
      required: (REQUIRED_IMPORT_FIELDS as readonly string[]).includes(field),
      ...(choices ? { choices } : {}),
    };
  }),
  ...VIRTUAL_TARGETS.map((field) => ({ field, label: VIRTUAL_LABELS[field], required: false })),
];

const TARGET_BY_FIELD = new Map(IMPORT_TARGETS.map((t) => [t.field as string, t]));
export const importTarget = (field: string): ImportTarget | undefined => TARGET_BY_FIELD.get(field);
export const isImportTargetField = (field: string): field is ImportTargetField => TARGET_BY_FIELD.has(field);
/**
 * Fields whose file value is a matter of record rather than a must: a value mapped to none of the
 * allowed ones leaves the field unset on that row (the preview warns) instead of failing the row.
 * A deal stage is one: an import should not lose a listing over a status word it does not know.
 */
export const UNSET_WHEN_UNMAPPED: ReadonlySet<string> = new Set<ListingImportField>(["dealStage"]);
export const isEnumeratedField = (field: string): field is ListingImportField => IMPORT_CHOICES[field as ListingImportField] !== undefined;

/** Which fields a virtual target writes. */
export const VIRTUAL_TARGET_FIELDS: Record<VirtualTarget, readonly ListingImportField[]> = {
  cityState: ["city", "state"],
  fullAddress: ["address", "city", "state", "zip"],
};

// ---------------------------------------------------------------- duplicate policy

/**
 * How a row finds the listing it updates. "nameAddress" is name, address and
 * city (the name stays for saved mappings); "address" is address, city and state.
 */
export const MATCH_BY = ["nameAddress", "link", "address", "none"] as const;
export type MatchBy = (typeof MATCH_BY)[number];
export const MATCH_BY_LABELS: Record<MatchBy, string> = {
  nameAddress: "Listing name, address and city",
  link: "Looplink or flyer link",
  address: "Address and city",
  none: "Nothing (always create)",
};

const LINK_FIELDS: readonly string[] = ["looplinkLink", "marketingFlyerLink"];

/**
 * The match rule a mapping suggests: the strongest key it has. A
 * marketplace or flyer link names one listing, so a link column holding a link in every row comes
 * first; then the address with its city; then name, address and city. `filled`: each column's
 * non-blank cells; `rows`: the file's rows.
 */
export function defaultMatchBy(input: {
  mapping: readonly (string | null)[];
  cityStateFrom: number | null;
  filled: readonly number[];
  rows: number;
}): MatchBy {
  const { mapping, cityStateFrom, filled, rows } = input;
  if (rows > 0 && mapping.some((f, i) => f !== null && LINK_FIELDS.includes(f) && filled[i] === rows)) return "link";
  const covered = new Set(mapping.flatMap((f) => (f === null ? [] : (VIRTUAL_TARGET_FIELDS[f as VirtualTarget] ?? [f]))));
  const city = covered.has("city") || cityStateFrom !== null;
  return covered.has("address") && city ? "address" : "nameAddress";
}
