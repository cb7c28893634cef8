// Two pieces every hand-written statement needs, whichever driver runs it.
import { sql } from "drizzle-orm";

/** The rows of an execute() result (both drivers put them under `rows`). */
export const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** An array as one parameter (drizzle would otherwise spread it into a list). It travels as
 * text[], which both drivers serialise; PGlite cannot serialise arrays of our enum types. */
export const arrayParam = (values: unknown[], type: string) =>
  type === "text" ? sql`${sql.param(values)}::text[]` : sql`${sql.param(values)}::text[]::${sql.raw(type)}[]`;
