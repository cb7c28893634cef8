// The configured geocoder (docs/decisions/287-street-geocoder.md): one street address to a point,
// over Nominatim's search protocol (`?q=...&format=jsonv2`). Politeness is the caller's: one
// request at a time, at most one a second by default, as Nominatim's usage policy asks.
import type { LocationPrecision } from "../../../shared/location.js";
import type { Point } from "./zip-centroid.js";

export interface StreetGeocoderOptions {
  /** GEOCODER_URL. */
  url: string;
  /** Milliseconds a lookup may take before it counts as failed (default 10 s). */
  timeoutMs?: number;
  /** Milliseconds between two lookups' starts (default 1 s). */
  minIntervalMs?: number;
}

export type StreetPoint = Point & { precision: Extract<LocationPrecision, "rooftop" | "street"> };

/** A failed lookup: the job that asked retries later. */
export class GeocoderError extends Error {}

interface NominatimPlace {
  lat?: unknown;
  lon?: unknown;
  place_rank?: unknown;
  addresstype?: unknown;
  type?: unknown;
}

const ROOFTOP_TYPES = new Set(["house", "building"]);
/** Nominatim ranks a building 30: the address itself, not its street. */
const ROOFTOP_RANK = 30;

/** The point of an answer's first place, null when there is none; anything else is garbage. */
export function readAnswer(body: unknown): StreetPoint | null {
  if (!Array.isArray(body)) throw new GeocoderError("the geocoder's answer is not a list of places");
  if (body.length === 0) return null;
  const place = body[0] as NominatimPlace;
  const latitude = Number(place?.lat);
  const longitude = Number(place?.lon);
  if (typeof place?.lat !== "string" && typeof place?.lat !== "number") throw new GeocoderError("the geocoder's place has no latitude");
  if (!(Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180)) throw new GeocoderError("the geocoder's place has no valid coordinates");
  const rooftop = ROOFTOP_TYPES.has(String(place.addresstype ?? place.type)) || Number(place.place_rank) >= ROOFTOP_RANK;
  return { latitude, longitude, precision: rooftop ? "rooftop" : "street" };
}

export interface StreetAddress {
  address: string;
  city: string;
  state: string;
  zip: string | null;
}

export function createStreetGeocoder(opts: StreetGeocoderOptions) {
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const minIntervalMs = opts.minIntervalMs ?? 1_000;
  let nextAt = 0;
  let turn: Promise<unknown> = Promise.resolve();

  async function lookup(where: StreetAddress): Promise<StreetPoint | null> {
    const wait = nextAt - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    nextAt = Date.now() + minIntervalMs;
    const url = new URL(opts.url);
    url.searchParams.set("q", [where.address, where.city, `${where.state} ${where.zip ?? ""}`.trim()].join(", "));
    url.searchParams.set("format", "jsonv2");
    url.searchParams.set("limit", "1");
    url.searchParams.set("countrycodes", "us");
    let res: Response;
    try {
      res = await fetch(url, { headers: { "User-Agent": "ListingDesk (self-hosted)", Accept: "application/json" }, signal: AbortSignal.timeout(timeoutMs) });
    } catch (err) {
      throw new GeocoderError(`the geocoder did not answer: ${(err as Error).message}`);
    }
    if (!res.ok) throw new GeocoderError(`the geocoder answered ${res.status}`);
    let body: unknown;
    try {
      body = await res.json();
    } catch {
      throw new GeocoderError("the geocoder's answer is not JSON");
    }
    return readAnswer(body);
  }

  return {
    /** The address's point, null when the geocoder knows no such place; throws GeocoderError when it fails. One lookup at a time. */
    locate(where: StreetAddress): Promise<StreetPoint | null> {
      const result = turn.then(() => lookup(where));
      turn = result.catch(() => undefined);
      return result;
    },
  };
}
export type StreetGeocoder = ReturnType<typeof createStreetGeocoder>;
