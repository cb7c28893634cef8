// Where listings are:
// the point a new or edited listing gets, and the background job that places imported listings.
import type { ListingLocation } from "../../../shared/location.js";
import type { Listing } from "../../../shared/schema.js";
import type { Db, Tx } from "../../db/database.js";
import { enqueue, enqueueMany, type JobHandlers } from "../../jobs/queue.js";
import { cityCentre } from "./city-centre.js";
import { claimRateTurn, findAddress, markFileCoordinatesManual, placeAtCentres, placeAtStreet, unplacedWithPlace } from "./data.js";
import { createStreetGeocoder, type StreetGeocoderOptions } from "./street-geocoder.js";
import { zipCentroid } from "./zip-centroid.js";

export { zipCentroid, type Point } from "./zip-centroid.js";
export { cityCentre } from "./city-centre.js";
export { geocoderUrlProblem } from "./geocoder-url.js";

type Sent = Partial<Pick<Listing, "address" | "city" | "state" | "zip" | "latitude" | "longitude">>;

const NOWHERE: ListingLocation = { latitude: null, longitude: null, locationPrecision: null };

type Place = { zip?: string | null; city?: string | null; state?: string | null };

/**
 * Where a listing's place puts it without a street geocoder: its ZIP's centroid, else (no ZIP, or
 * one the table lacks) its city's centre from the gazetteer, else nowhere and why.
 */
export function placeOf({ zip, city, state }: Place): { location: ListingLocation; reason: string | null } {
  const atZip = zipCentroid(zip);
  if (atZip) return { location: { ...atZip, locationPrecision: "zip" }, reason: null };
  const atCity = cityCentre(city, state);
  if (atCity.point) return { location: { ...atCity.point, locationPrecision: "city" }, reason: null };
  return { location: NOWHERE, reason: `${zip?.trim() ? `ZIP ${zip.trim()} is not in the map's table` : "No ZIP"}, and ${atCity.reason}` };
}

const locate = (place: Place) => placeOf(place).location;

const hasPin = (v: Sent) => v.latitude != null && v.longitude != null;

/** A new listing's location: the pin it was sent with, else its ZIP's or its city's centre. */
export function locationOfNew(input: Sent): ListingLocation {
  if (hasPin(input)) return { latitude: input.latitude!, longitude: input.longitude!, locationPrecision: "manual" };
  return locate(input);
}

const ADDRESS_FIELDS = ["address", "city", "state", "zip"] as const;

/**
 * What an edit writes to the location besides what it was sent (nothing when it leaves it be).
 * A pin sent becomes `manual`, unless it is the point already stored (a client sending back the
 * listing it read keeps the precision). Coordinates sent empty take the pin away: the listing
 * goes back to its ZIP's (or city's) centre. An address edit moves the point, unless the pin is manual.
 * Coordinates are checked both-or-neither before this runs.
 */
export function locationOfEdit(before: Listing, values: Sent): Partial<ListingLocation> {
  if (hasPin(values)) {
    const same = values.latitude === before.latitude && values.longitude === before.longitude;
    return same ? {} : { locationPrecision: "manual" };
  }
  const after = { zip: values.zip !== undefined ? values.zip : before.zip, city: values.city ?? before.city, state: values.state ?? before.state };
  if (values.latitude === null) return locate(after);
  if (before.locationPrecision === "manual") return {};
  const moved = ADDRESS_FIELDS.some((field) => values[field] !== undefined && values[field] !== before[field]);
  return moved ? locate(after) : {};
}

const LOCATE_JOB = "geocoding.locate-unplaced";
/** The street geocoder's one-request-a-second, shared by every app server through the database. */
const GEOCODER_RATE_LIMIT = "geocoder";
const STREET_JOB = "geocoding.street";
const PAGE = 1_000;

/**
 * Gives every listing without a point its ZIP's centroid or its city's centre, a page at a time,
 * and marks the coordinates an import wrote as pins. Safe to repeat; a place neither table knows
 * stays unplaced.
 */
export async function locateUnplaced(db: Db, pause: () => Promise<void> = async () => {}, streets = false): Promise<void> {
  await markFileCoordinatesManual(db);
  let after = "";
  for (;;) {
    const rows = await unplacedWithPlace(db, after, PAGE);
    if (rows.length === 0) return;
    const placed = rows.flatMap(({ id, ...place }) => {
      const { latitude, longitude, locationPrecision } = locate(place);
      return latitude !== null && longitude !== null && (locationPrecision === "zip" || locationPrecision === "city") ? [{ id, latitude, longitude, precision: locationPrecision }] : [];
    });
    await placeAtCentres(db, placed);
    if (streets) await enqueueMany(db, STREET_JOB, rows.map(({ id }) => ({ listingId: id })));
    after = rows[rows.length - 1].id;
    await pause();
  }
}

/**
 * Queues the job that places listings written without a point (an import's): in the caller's
 * transaction, so only once it commits, and at most one waiting at a time.
 */
export async function queueLocating(db: Db | Tx): Promise<void> {
  await enqueue(db, LOCATE_JOB, {}, { uniqueKey: LOCATE_JOB });
}

/**
 * Queues the street lookup of a listing whose point a geocoder may now improve (created, or its
 * address edited, without a pin), in the caller's transaction; one waiting per listing.
 */
export async function queueStreetGeocoding(db: Db | Tx, listingId: string, location: Partial<ListingLocation>): Promise<void> {
  if (!("locationPrecision" in location) || location.locationPrecision === "manual") return;
  await enqueue(db, STREET_JOB, { listingId }, { uniqueKey: `${STREET_JOB}:${listingId}` });
}

/** Looks one listing's street address up; a failure throws, so the queue retries it later while the ZIP's point stands. */
function streetJob(opts: StreetGeocoderOptions) {
  const geocoder = createStreetGeocoder(opts);
  return async ({ listingId }: { listingId: string }, ctx: { db: Db }) => {
    const where = await findAddress(ctx.db, listingId);
    if (!where || where.locationPrecision === "manual") return;
    const point = await geocoder.locate(where, (intervalMs) => claimRateTurn(ctx.db, GEOCODER_RATE_LIMIT, intervalMs));
    if (point) await placeAtStreet(ctx.db, listingId, where, point);
  };
}

/** The jobs of this feature; the street lookups only when a geocoder is configured. */
export function geocodingJobHandlers(street?: StreetGeocoderOptions): JobHandlers {
  return {
    [LOCATE_JOB]: { run: (_payload: unknown, ctx) => locateUnplaced(ctx.db, () => ctx.pause(), Boolean(street)) },
    ...(street && { [STREET_JOB]: { run: streetJob(street) } }),
  };
}
