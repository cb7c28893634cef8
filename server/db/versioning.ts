import { sql, type Column } from "drizzle-orm";

/**
 * The columns every write to a versioned row sets (listings, agents, notes): the version goes up,
 * so the row's ETag changes with any change, whoever makes it (docs/decisions/140-version-tags.md).
 * `by` is the user who made the change; undefined leaves the last one (a background writer
 * is nobody), for tables that record it.
 */
export const nextVersion = (version: Column, by?: number | null) => ({
  version: sql`${version} + 1`,
  updatedAt: sql`now()`,
  ...(by === undefined ? {} : { updatedById: by }),
});
