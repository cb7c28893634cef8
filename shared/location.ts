// Where a listing is: a point and how it was found.
// Client-safe: the form, the API and the import wizard read coordinates with these rules.
import { z } from "zod";

/**
 * How a listing's point was found, best first; null when it has none. `zip` and `city` are the
 * centre of the ZIP or of the city (a listing with a city and no ZIP); `manual` is a person's pin,
 * which no geocoder replaces.
 */
export const LOCATION_PRECISIONS = ["rooftop", "street", "zip", "city", "manual"] as const;
export type LocationPrecision = (typeof LOCATION_PRECISIONS)[number];

export { approximateArea } from "./approximate-area.js";

/** The three fields on a listing's wire shape; null together when the listing has no point. */
export interface ListingLocation {
  latitude: number | null;
  longitude: number | null;
  locationPrecision: LocationPrecision | null;
}
export const LOCATION_FIELDS = ["latitude", "longitude", "locationPrecision"] as const;

export const LOCATION_MESSAGES = {
  latitude: "Latitude must be a number from -90 to 90",
  longitude: "Longitude must be a number from -180 to 180",
  together: "Send latitude and longitude together (both, or neither)",
} as const;

/** A coordinate as typed or sent: a number or numeric text in range; blank is null (no pin). */
const coordinate = (min: number, max: number, message: string) =>
  z.preprocess(
    (v) => (typeof v === "string" ? (v.trim() === "" ? null : Number(v.trim())) : v),
    z.number({ error: message }).min(min, message).max(max, message).nullable(),
  );

/** The coordinates a person or a file may set (the precision is the server's to say). */
export const coordinatesShape = {
  latitude: coordinate(-90, 90, LOCATION_MESSAGES.latitude).optional(),
  longitude: coordinate(-180, 180, LOCATION_MESSAGES.longitude).optional(),
};

/** The problem with a pair of coordinates as sent, or null: one without the other, or one null and one not. */
export function coordinatesProblem(v: { latitude?: number | null; longitude?: number | null }): string | null {
  const lat = v.latitude === undefined ? undefined : v.latitude === null ? null : "set";
  const lng = v.longitude === undefined ? undefined : v.longitude === null ? null : "set";
  return lat === lng ? null : LOCATION_MESSAGES.together;
}
