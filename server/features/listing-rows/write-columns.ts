// Every field an import writes (both importers: LISTING_IMPORT_FIELDS), with its column and the
// type it is cast to and unnest()ed by.
import type { PgColumn } from "drizzle-orm/pg-core";
import { LISTING_IMPORT_FIELDS } from "../../../shared/imports/targets.js";
import { listings } from "../../db/tables.js";
import type { ImportValues } from "./row-shape.js";

export type WritableField = keyof ImportValues | "agentId";

export const WRITE_COLUMNS: { field: WritableField; column: PgColumn; type: string }[] = LISTING_IMPORT_FIELDS.map((field) => ({
  field,
  column: listings[field],
  type: listings[field].getSQLType(),
}));
