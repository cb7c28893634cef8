// The geocoding feature's queries: listings without a point, and the points found for them.
import { and, asc, eq, gt, isNotNull, isNull, ne, or, sql } from "drizzle-orm";
import type { LocationPrecision } from "../../../shared/location.js";
import type { Db, Tx } from "../../db/database.js";
import { arrayParam, rowsOf } from "../../db/raw-sql.js";
import { listings, sharedRateLimits } from "../../db/tables.js";

/** Coordinates an import wrote come from the file, a person's pin: they say so from now on. */
export async function markFileCoordinatesManual(db: Db | Tx): Promise<void> {
  await db
    .update(listings)
    .set({ locationPrecision: "manual" })
    .where(and(isNotNull(listings.latitude), isNotNull(listings.longitude), isNull(listings.locationPrecision)));
}

/** Listings with a ZIP or a city and no point, in id order after `afterId` (keyset pages). */
export async function unplacedWithPlace(db: Db | Tx, afterId: string, limit: number): Promise<{ id: string; zip: string | null; city: string; state: string }[]> {
  return db
    .select({ id: listings.id, zip: listings.zip, city: listings.city, state: listings.state })
    .from(listings)
    .where(and(gt(listings.id, afterId), isNull(listings.latitude), isNull(listings.locationPrecision), or(isNotNull(listings.zip), ne(listings.city, ""))))
    .orderBy(asc(listings.id))
    .limit(limit);
}

/**
 * Places listings at their ZIP's or city's centre, in one statement. A listing given a point
 * meanwhile (a pin, an edit) keeps it. The version does not move: a point found by a geocoder is
 * derived from the address, which is what edits are checked against.
 */
export async function placeAtCentres(db: Db | Tx, rows: { id: string; latitude: number; longitude: number; precision: "zip" | "city" }[]): Promise<void> {
  if (rows.length === 0) return;
  const points = sql`unnest(${arrayParam(rows.map((r) => r.id), "text")}, ${arrayParam(rows.map((r) => r.latitude), "float8")}, ${arrayParam(rows.map((r) => r.longitude), "float8")}, ${arrayParam(rows.map((r) => r.precision), "text")}) as p(id, lat, lng, precision)`;
  await db.execute(sql`
    update ${listings} set latitude = p.lat, longitude = p.lng, location_precision = p.precision::location_precision
    from ${points}
    where ${listings.id} = p.id and ${listings.latitude} is null and ${listings.locationPrecision} is null`);
}


/** The address a street geocoder looks up, and whether a person's pin makes that needless. */
export async function findAddress(db: Db | Tx, id: string) {
  const [row] = await db
    .select({ address: listings.address, city: listings.city, state: listings.state, zip: listings.zip, locationPrecision: listings.locationPrecision })
    .from(listings)
    .where(eq(listings.id, id));
  return row;
}

/**
 * Places a listing at a street geocoder's point, if it still has the address that was looked
 * up and no pin: an edit or a pin meanwhile wins. Like a ZIP centroid, the version does not move.
 */
export async function placeAtStreet(
  db: Db | Tx,
  id: string,
  lookedUp: { address: string; city: string; state: string; zip: string | null },
  point: { latitude: number; longitude: number; precision: LocationPrecision },
): Promise<void> {
  await db
    .update(listings)
    .set({ latitude: point.latitude, longitude: point.longitude, locationPrecision: point.precision })
    .where(
      and(
        eq(listings.id, id),
        or(isNull(listings.locationPrecision), ne(listings.locationPrecision, "manual")),
        eq(listings.address, lookedUp.address),
        eq(listings.city, lookedUp.city),
        eq(listings.state, lookedUp.state),
        lookedUp.zip === null ? isNull(listings.zip) : eq(listings.zip, lookedUp.zip),
      ),
    );
}

/**
 * Takes the turn of the limit `name` if it is due (its next call may start now), moving the next
 * turn `intervalMs` past this moment, in one statement: of several servers asking at once, one
 * gets it. Returns 0 when taken, else the milliseconds until the turn is due. The database's
 * clock decides, so the servers' clocks need not agree.
 */
export async function claimRateTurn(db: Db, name: string, intervalMs: number): Promise<number> {
  const taken = await db.execute(sql`
    insert into ${sharedRateLimits} as l (name, next_at) values (${name}, clock_timestamp() + ${intervalMs} * interval '1 millisecond')
    on conflict (name) do update set next_at = excluded.next_at where l.next_at <= clock_timestamp()
    returning l.name`);
  if (rowsOf(taken).length > 0) return 0;
  const [row] = rowsOf<{ wait: number | string }>(
    await db.execute(sql`
      select greatest(1, ceil(extract(epoch from (next_at - clock_timestamp())) * 1000))::int as wait
      from ${sharedRateLimits} where name = ${name}`),
  );
  return Number(row?.wait ?? 1);
}
