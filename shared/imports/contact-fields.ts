// What a file column may be mapped to when the import wizard brings in contacts (the second thing
// a file may hold, beside listings: docs/guides/imports.md). Client-safe.
import { csvHeaderKey } from "../csv-columns.js";

/** What a file holds: the wizard's first choice. */
export const IMPORT_KINDS = ["listings", "contacts"] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

export const CONTACT_IMPORT_FIELDS = [
  "name",
  "email",
  "phone",
  "company",
  "role",
  "tags",
  "consent",
  "status",
  "propertyTypes",
  "states",
  "minPrice",
  "maxPrice",
  "minSize",
  "maxSize",
  "offeringTypes",
  "source",
] as const;
export type ContactImportField = (typeof CONTACT_IMPORT_FIELDS)[number];

export const CONTACT_FIELD_LABELS: Record<ContactImportField, string> = {
  name: "Name",
  email: "Email",
  phone: "Phone",
  company: "Company",
  role: "Role",
  tags: "Tags",
  consent: "Consent",
  status: "Status",
  propertyTypes: "Property Types",
  states: "States",
  minPrice: "Min Price",
  maxPrice: "Max Price",
  minSize: "Min Size",
  maxSize: "Max Size",
  offeringTypes: "Offering Types",
  source: "Source",
};

/** A contacts file's rows at most: a brokerage's list, committed in one transaction. */
export const CONTACT_IMPORT_MAX_ROWS = 20_000;

/** Email is what contacts are matched and merged by: a file without it cannot be imported. */
export const CONTACT_EMAIL_REQUIRED = "Map a column to Email: contacts are matched and merged by their email.";

// Other tools' names for the fields (CRMs, mail tools, spreadsheets), besides the labels above,
// which are the contacts export's own columns, so an exported file maps itself.
const SYNONYMS: Record<ContactImportField, string[]> = {
  name: ["Full Name", "Contact", "Contact Name", "Person", "Display Name"],
  email: ["E-mail", "Email Address", "E-mail Address", "Mail", "Work Email", "Primary Email"],
  phone: ["Mobile", "Mobile Phone", "Cell", "Cell Phone", "Telephone", "Phone Number", "Work Phone", "Tel"],
  company: ["Company Name", "Organization", "Organisation", "Firm", "Employer", "Brokerage", "Account"],
  role: ["Contact Type", "Type", "Relationship"],
  tags: ["Tag", "Labels", "Label", "Groups"],
  consent: ["Consent Basis", "Permission"],
  status: ["Subscription", "Subscription Status", "Email Status", "Subscribed"],
  propertyTypes: ["Property Type", "Asset Types", "Asset Type", "Interested In"],
  states: ["State", "Markets", "Market"],
  minPrice: ["Price Min", "Minimum Price", "Budget Min"],
  maxPrice: ["Price Max", "Maximum Price", "Budget Max", "Budget"],
  minSize: ["Size Min", "Minimum Size", "Min SF"],
  maxSize: ["Size Max", "Maximum Size", "Max SF"],
  offeringTypes: ["Offering Type", "Buy or Lease", "Looking To"],
  source: ["Lead Source", "Origin"],
};

const BY_KEY = new Map<string, ContactImportField>(
  CONTACT_IMPORT_FIELDS.flatMap((f) => [CONTACT_FIELD_LABELS[f], ...SYNONYMS[f]].map((name) => [csvHeaderKey(name), f] as const)),
);

/** Each column's suggested contact field by its header; a field goes to the first column naming it. */
export function suggestContactMapping(header: readonly string[]): (ContactImportField | null)[] {
  const taken = new Set<ContactImportField>();
  return header.map((h) => {
    const field = BY_KEY.get(csvHeaderKey(h));
    if (!field || taken.has(field)) return null;
    taken.add(field);
    return field;
  });
}
