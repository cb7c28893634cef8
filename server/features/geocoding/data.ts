// The geocoding feature's queries: listings without a point, and the points found for them.
import { and, asc, gt, isNotNull, isNull, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/database.js";
import { arrayParam } from "../../db/raw-sql.js";
import { listings } from "../../db/tables.js";

/** Coordinates an import wrote come from the file, a person's pin: they say so from now on. */
export async function markFileCoordinatesManual(db: Db | Tx): Promise<void> {
  await db
    .update(listings)
    .set({ locationPrecision: "manual" })
    .where(and(isNotNull(listings.latitude), isNotNull(listings.longitude), isNull(listings.locationPrecision)));
}

/** Listings with a ZIP and no point, in id order after `afterId` (keyset pages). */
export async function unplacedWithZip(db: Db | Tx, afterId: string, limit: number): Promise<{ id: string; zip: string }[]> {
  const rows = await db
    .select({ id: listings.id, zip: listings.zip })
    .from(listings)
    .where(and(gt(listings.id, afterId), isNull(listings.latitude), isNull(listings.locationPrecision), isNotNull(listings.zip)))
    .orderBy(asc(listings.id))
    .limit(limit);
  return rows as { id: string; zip: string }[];
}

/**
 * Places listings at their ZIP's centroid, in one statement. A listing given a point meanwhile
 * (a pin, an edit) keeps it. The version does not move: a point found by a geocoder is derived
 * from the address, which is what edits are checked against (docs/decisions/285-listing-coordinates.md).
 */
export async function placeAtZipCentroids(db: Db | Tx, rows: { id: string; latitude: number; longitude: number }[]): Promise<void> {
  if (rows.length === 0) return;
  const points = sql`unnest(${arrayParam(rows.map((r) => r.id), "text")}, ${arrayParam(rows.map((r) => r.latitude), "float8")}, ${arrayParam(rows.map((r) => r.longitude), "float8")}) as p(id, lat, lng)`;
  await db.execute(sql`
    update ${listings} set latitude = p.lat, longitude = p.lng, location_precision = 'zip'
    from ${points}
    where ${listings.id} = p.id and ${listings.latitude} is null and ${listings.locationPrecision} is null`);
}

