// A listing's OM settings and version, and the brokerage's default sections. Only this file
// touches their tables.
import { eq, sql } from "drizzle-orm";
import type { OmSectionChoice } from "../../../shared/om-sections.js";
import type { Db, Tx } from "../../db/database.js";
import { listingOms, omDefaults } from "../../db/tables.js";

export type ListingOmRow = typeof listingOms.$inferSelect;

export async function findListingOm(db: Db, listingId: string): Promise<ListingOmRow | undefined> {
  const [row] = await db.select().from(listingOms).where(eq(listingOms.listingId, listingId));
  return row;
}

export async function saveListingSections(db: Db | Tx, listingId: string, sections: OmSectionChoice[] | null): Promise<void> {
  await db.insert(listingOms).values({ listingId, sections }).onConflictDoUpdate({ target: listingOms.listingId, set: { sections } });
}

/**
 * The OM's version for inputs of this hash: the stored one while the hash is the same, else the
 * next number from now. One statement, so two requests seeing the same change raise it once.
 */
export async function versionFor(db: Db, listingId: string, inputsHash: string): Promise<{ version: number; versionAt: Date }> {
  // Read first: the same inputs (every download but the first of a version) write nothing.
  const [known] = await db.select({ inputsHash: listingOms.inputsHash, version: listingOms.version, versionAt: listingOms.versionAt }).from(listingOms).where(eq(listingOms.listingId, listingId));
  if (known && known.inputsHash === inputsHash && known.version > 0) return known;
  const [raised] = await db
    .insert(listingOms)
    .values({ listingId, inputsHash, version: 1 })
    .onConflictDoUpdate({
      target: listingOms.listingId,
      set: { inputsHash, version: sql`${listingOms.version} + 1`, versionAt: sql`now()` },
      setWhere: sql`${listingOms.inputsHash} <> ${inputsHash}`,
    })
    .returning({ version: listingOms.version, versionAt: listingOms.versionAt });
  if (raised) return raised;
  const [row] = await db.select({ version: listingOms.version, versionAt: listingOms.versionAt }).from(listingOms).where(eq(listingOms.listingId, listingId));
  return row;
}

export async function findOmDefaults(db: Db): Promise<OmSectionChoice[] | null> {
  const [row] = await db.select({ sections: omDefaults.sections }).from(omDefaults).where(eq(omDefaults.id, 1));
  return (row?.sections as OmSectionChoice[] | undefined) ?? null;
}

export async function saveOmDefaults(db: Db | Tx, sections: OmSectionChoice[]): Promise<void> {
  await db.insert(omDefaults).values({ id: 1, sections }).onConflictDoUpdate({ target: omDefaults.id, set: { sections, updatedAt: sql`now()` } });
}
