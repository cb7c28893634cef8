// Where on the map the lists look: a drawn rectangle
// (`bounds=south,west,north,east`), a distance from a ZIP's centre (`near=<zip>&radius=<miles>`)
// and whether a listing has a point at all (`located=yes|no`). Read from the address by the lists
// and checked in saved views through shared/listing-view-query.ts. No zod: the first page reads it.

export interface LatLng {
  latitude: number;
  longitude: number;
}

export interface Bounds {
  south: number;
  west: number;
  north: number;
  east: number;
}

export const LOCATED_CHOICES = ["yes", "no"] as const;
export type Located = (typeof LOCATED_CHOICES)[number];

export interface MapArea {
  located: Located | null;
  bounds: Bounds | null;
  /** A five-digit ZIP whose centre `radiusMiles` counts from; both or neither apply. */
  near: string | null;
  radiusMiles: number | null;
}

export const NO_AREA: MapArea = { located: null, bounds: null, near: null, radiusMiles: null };

/** When `near` comes without a radius. */
export const DEFAULT_RADIUS_MILES = 10;
export const MAX_RADIUS_MILES = 500;
const ZIP = /^\d{5}$/;
// Six decimals are about 10 cm: more only lengthens the address.
const DECIMALS = 6;

/** `south,west,north,east` in degrees (south ≤ north, west ≤ east, in range), or null. */
export function parseBounds(text: string | null): Bounds | null {
  if (text === null) return null;
  const parts = text.split(",");
  if (parts.length !== 4 || parts.some((p) => p.trim() === "")) return null;
  const [south, west, north, east] = parts.map(Number);
  const latOk = (v: number) => Number.isFinite(v) && v >= -90 && v <= 90;
  const lngOk = (v: number) => Number.isFinite(v) && v >= -180 && v <= 180;
  if (!latOk(south) || !latOk(north) || !lngOk(west) || !lngOk(east) || south > north || west > east) return null;
  return { south, west, north, east };
}

export const boundsText = (b: Bounds) => [b.south, b.west, b.north, b.east].map((v) => Number(v.toFixed(DECIMALS))).join(",");

/** A radius in miles, more than 0 and at most MAX_RADIUS_MILES, or null. */
export function parseRadius(text: string | null): number | null {
  if (text === null || text.trim() === "") return null;
  const n = Number(text);
  return Number.isFinite(n) && n > 0 && n <= MAX_RADIUS_MILES ? n : null;
}

export const isZip = (text: string) => ZIP.test(text);

/** The rows of LISTING_VIEW_PARAMS for the area: the check a saved view's value must pass. */
export const AREA_VIEW_PARAMS: Record<string, { valid: (value: string) => boolean; expects: string }> = {
  located: { valid: (v) => (LOCATED_CHOICES as readonly string[]).includes(v), expects: `one of ${LOCATED_CHOICES.join(", ")}` },
  bounds: { valid: (v) => parseBounds(v) !== null, expects: "south,west,north,east in degrees (south ≤ north, west ≤ east)" },
  near: { valid: isZip, expects: "a five-digit ZIP code" },
  radius: { valid: (v) => parseRadius(v) !== null, expects: `a number of miles above 0 and at most ${MAX_RADIUS_MILES}` },
};

/** The area an address describes; anything malformed reads as not set (the lists read leniently). */
export function readMapArea(params: URLSearchParams): MapArea {
  const located = params.get("located");
  const near = params.get("near");
  const zip = near !== null && isZip(near) ? near : null;
  return {
    located: (LOCATED_CHOICES as readonly string[]).includes(located ?? "") ? (located as Located) : null,
    bounds: parseBounds(params.get("bounds")),
    near: zip,
    radiusMiles: zip ? (parseRadius(params.get("radius")) ?? DEFAULT_RADIUS_MILES) : null,
  };
}

/** Writes the area into `params` (what is not set is left out). */
export function writeMapArea(area: MapArea, params: URLSearchParams): void {
  for (const key of Object.keys(AREA_VIEW_PARAMS)) params.delete(key);
  if (area.located) params.set("located", area.located);
  if (area.bounds) params.set("bounds", boundsText(area.bounds));
  if (area.near) {
    params.set("near", area.near);
    params.set("radius", String(area.radiusMiles ?? DEFAULT_RADIUS_MILES));
  }
}

export const areaIsSet = (area: MapArea) => area.located !== null || area.bounds !== null || area.near !== null;

const EARTH_RADIUS_MILES = 3958.8;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in miles (haversine). */
export function milesBetween(a: LatLng, b: LatLng): number {
  const dLat = rad(b.latitude - a.latitude);
  const dLng = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

export interface Placed {
  latitude?: number | null;
  longitude?: number | null;
}

/**
 * A test for listings in `area`. `centre` is the `near` ZIP's centre: undefined while it is
 * being looked up and null when no centre is known, and then no listing is near it.
 */
export function areaTest(area: MapArea, centre: LatLng | null | undefined): (listing: Placed) => boolean {
  const { located, bounds, near, radiusMiles } = area;
  const radius = radiusMiles ?? DEFAULT_RADIUS_MILES;
  return (l) => {
    const placed = l.latitude != null && l.longitude != null;
    if (located === "no") return !placed && !bounds && !near;
    if (located === "yes" && !placed) return false;
    if (!bounds && !near) return true;
    if (!placed) return false;
    const point = { latitude: l.latitude as number, longitude: l.longitude as number };
    if (bounds && (point.latitude < bounds.south || point.latitude > bounds.north || point.longitude < bounds.west || point.longitude > bounds.east)) return false;
    if (near && (!centre || milesBetween(centre, point) > radius)) return false;
    return true;
  };
}
