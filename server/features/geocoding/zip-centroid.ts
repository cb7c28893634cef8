// The embedded geocoder: a US ZIP code's centroid,
// from a package's own table, so nothing leaves the machine and it works with no configuration.
import { lookup } from "zipcodes";

export interface Point {
  latitude: number;
  longitude: number;
}

/** The centroid of a ZIP (its first five digits: "36602-1234" too), or null when the table lacks it. */
export function zipCentroid(zip: string | null | undefined): Point | null {
  const five = /^\s*(\d{5})(?:\s*-\s*\d{4})?\s*$/.exec(zip ?? "")?.[1];
  if (!five) return null;
  const entry = lookup(five);
  return entry && Number.isFinite(entry.latitude) && Number.isFinite(entry.longitude) ? { latitude: entry.latitude, longitude: entry.longitude } : null;
}
