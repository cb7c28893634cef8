// The centre of a city, town or census-designated place in the app's states, from the bundled
// gazetteer (built by scripts/build-places.mjs): where a
// listing with a city and no ZIP is placed, offline like the ZIP centroids.
import gazetteerFile from "./places.json" with { type: "json" };
import type { Point } from "./zip-centroid.js";

interface Gazetteer {
  states: string[];
  places: [state: string, name: string, latitude: number, longitude: number][];
}

/** A name as people write it and the gazetteer spells it alike: case, punctuation, "St."/"Saint", "Mt."/"Mount", "Ft."/"Fort" do not matter. */
export function placeKey(name: string): string {
  return name
    .toLowerCase()
    .replace(/[’'`.]/g, "")
    .replace(/[^a-z0-9]+/g, " ")
    .replace(/\b(st|ste)\b/g, "saint")
    .replace(/\bmt\b/g, "mount")
    .replace(/\bft\b/g, "fort")
    .trim();
}

/** The name without a trailing kind of place ("city", "borough", "township"…), which the Census adds and a listing's city sometimes carries. */
const bareKey = (key: string) => key.replace(/ (city|borough|boro|township|twp|village|town|cdp)$/, "");

let table: { states: Set<string>; centres: Map<string, Point>; bare: Map<string, Point> } | null = null;

// Indexed once, on the first listing placed by its city.
function gazetteer() {
  if (!table) {
    const raw = gazetteerFile as unknown as Gazetteer; // JSON tuples read as plain arrays
    const centres = new Map<string, Point>();
    for (const [state, name, latitude, longitude] of raw.places) {
      const key = `${state}|${placeKey(name)}`;
      if (!centres.has(key)) centres.set(key, { latitude, longitude });
    }
    // "Saint Marys City" answers to "Saint Marys" too, unless a place has that very name.
    const bare = new Map<string, Point>();
    for (const [key, point] of centres) if (!centres.has(bareKey(key)) && !bare.has(bareKey(key))) bare.set(bareKey(key), point);
    table = { states: new Set(raw.states), centres, bare };
  }
  return table;
}

export type CityCentre = { point: Point } | { point: null; reason: string };

/** The centre of `city` in `state` (a two-letter code), or why there is none (a clause: "no city is given"). */
export function cityCentre(city: string | null | undefined, state: string | null | undefined): CityCentre {
  const name = (city ?? "").trim();
  const code = (state ?? "").trim().toUpperCase();
  if (!name) return { point: null, reason: "no city is given" };
  const { states, centres, bare } = gazetteer();
  if (!states.has(code)) return { point: null, reason: `the map knows cities only in ${[...states].join(", ")}` };
  const key = `${code}|${placeKey(name)}`;
  const point = centres.get(key) ?? bare.get(key) ?? centres.get(bareKey(key));
  return point ? { point } : { point: null, reason: `"${name}, ${code}" is not a city or town the map knows` };
}
