// The location rules of an edit (geocoding's locationOfEdit, docs/decisions/285-listing-coordinates.md)
// as SQL, for the statements both importers update existing listings with: coordinates the file
// changes become a person's pin (`manual`), blank ones take the pin away; an address the file
// changes takes away any point that is not a pin, so the background job places the listing again
// (its ZIP's centroid, then the street geocoder when one is configured).
import { sql, type SQL } from "drizzle-orm";
import { WRITE_COLUMNS, type WritableField } from "./write-columns.js";

const ADDRESS_FIELDS: WritableField[] = ["address", "city", "state", "zip"];

/**
 * The assignments for `latitude`, `longitude` and `location_precision` in an update of listings
 * aliased `l` (SET expressions read the row as it was), given the fields the file writes and the
 * alias of the incoming row, whose columns are named as the listings'. Empty when the update
 * cannot move a point; when not, they replace the plain assignments of latitude and longitude.
 */
export function locationAssignments(written: WritableField[], from: string): SQL[] {
  const incoming = (field: WritableField) => sql`${sql.identifier(from)}.${sql.identifier(columnOf(field))}`;
  const pinWritten = written.includes("latitude") && written.includes("longitude");
  const addressWritten = ADDRESS_FIELDS.filter((f) => written.includes(f));
  if (!pinWritten && addressWritten.length === 0) return [];

  // A file that sends back the point it exported (a round trip) has not placed a pin.
  const pin = pinWritten ? { lat: incoming("latitude"), lng: incoming("longitude") } : null;
  const pinChanged = pin ? sql`row(${pin.lat}, ${pin.lng}) is distinct from row(l.latitude, l.longitude)` : sql`false`;
  const addressChanged = addressWritten.length
    ? sql.join(
        addressWritten.map((f) => sql`${incoming(f)} is distinct from l.${sql.identifier(columnOf(f))}`),
        sql` or `,
      )
    : sql`false`;
  const moved = sql`(l.location_precision is distinct from 'manual' and (${addressChanged}))`;
  const coordinate = (incomingValue: SQL | undefined, column: "latitude" | "longitude") =>
    incomingValue
      ? sql`${sql.raw(column)} = case when ${pinChanged} then ${incomingValue} when ${moved} then null else l.${sql.raw(column)} end`
      : sql`${sql.raw(column)} = case when ${moved} then null else l.${sql.raw(column)} end`;
  const precisionOfPin = pin ? sql`(case when ${pin.lat} is not null and ${pin.lng} is not null then 'manual' end)::location_precision` : sql`null`;

  return [
    coordinate(pin?.lat, "latitude"),
    coordinate(pin?.lng, "longitude"),
    sql`location_precision = case when ${pinChanged} then ${precisionOfPin} when ${moved} then null else l.location_precision end`,
  ];
}

/** The fields whose plain assignment `locationAssignments` replaces. */
export const LOCATION_WRITTEN: WritableField[] = ["latitude", "longitude"];

const columnOf = (field: WritableField) => WRITE_COLUMNS.find((c) => c.field === field)!.column.name;
