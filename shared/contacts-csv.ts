// The contacts CSV: the export writes these columns, and the import wizard's header synonyms
// (shared/imports/contact-fields.ts) map each back to its field, so a file exported, edited and
// imported round-trips.
export const CONTACT_CSV_COLUMNS = [
  "Name",
  "Email",
  "Phone",
  "Company",
  "Role",
  "Tags",
  "Consent",
  "Status",
  "Property Types",
  "States",
  "Offering Types",
  "Min Price",
  "Max Price",
  "Min Size",
  "Max Size",
  "Source",
  "Created",
] as const;

/** Lists within one cell (tags, property types, states, offering types) are separated by ";". */
export const CELL_LIST_SEPARATOR = ";";
