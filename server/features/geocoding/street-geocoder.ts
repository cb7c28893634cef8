// The configured geocoder (docs/decisions/287-street-geocoder.md): one street address to a point,
// over Nominatim's search protocol (`?q=...&format=jsonv2`). At most one request a second by
// default, as Nominatim's usage policy asks, counted across every app server: each request waits
// for a turn its caller claims from the database (docs/decisions/342-shared-geocoder-rate.md).
import type { LocationPrecision } from "../../../shared/location.js";
import type { Point } from "./zip-centroid.js";

export interface StreetGeocoderOptions {
  /** GEOCODER_URL. */
  url: string;
  /** Milliseconds a lookup may take before it counts as failed (default 10 s). */
  timeoutMs?: number;
  /** Milliseconds between two lookups' starts, across all servers (default 1 s). */
  minIntervalMs?: number;
}

/**
 * Claims the shared turn for a request `intervalMs` after the last one began anywhere: 0 when
 * taken, else how long to wait before asking again.
 */
export type ClaimTurn = (intervalMs: number) => Promise<number>;

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
  let turn: Promise<unknown> = Promise.resolve();

  async function waitForTurn(claim: ClaimTurn): Promise<void> {
    for (let wait = await claim(minIntervalMs); wait > 0; wait = await claim(minIntervalMs)) {
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }

  async function lookup(where: StreetAddress, claim: ClaimTurn): Promise<StreetPoint | null> {
    // Sent as soon as the turn is taken: the next turn is timed from this moment.
    await waitForTurn(claim);
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
    /**
     * The address's point, null when the geocoder knows no such place; throws GeocoderError when
     * it fails. One lookup at a time in this process, each in a turn taken with `claim`.
     */
    locate(where: StreetAddress, claim: ClaimTurn): Promise<StreetPoint | null> {
      const result = turn.then(() => lookup(where, claim));
      turn = result.catch(() => undefined);
      return result;
    },
  };
}
export type StreetGeocoder = ReturnType<typeof createStreetGeocoder>;
