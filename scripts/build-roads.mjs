// Builds the offline map's major roads (docs/decisions/374-map-major-roads.md) from Natural Earth's
// 10m roads (public domain), cut to the app's four states and a margin, rounded and flattened:
//   node scripts/build-roads.mjs <roads file>
// The file is either Natural Earth's own GeoJSON (ne_10m_roads.geojson, lon/lat; its Interstates
// and other major highways are kept) or the TopoJSON of its US Interstates the decision names
// (projected to d3's Albers USA at scale 1280 on 960 x 600, which this inverts).
// Writes client/src/features/maps/lib/major-roads.json (committed; the source is not).
import { readFileSync, writeFileSync } from "node:fs";
import { geoAlbersUsa } from "d3-geo";
import { feature } from "topojson-client";

const [source] = process.argv.slice(2);
if (!source) {
  console.error("Usage: node scripts/build-roads.mjs <ne_10m_roads.geojson | US Interstates TopoJSON>");
  process.exit(1);
}

// Maryland, Ohio, Pennsylvania, West Virginia and half a degree around them.
const BOX = { west: -85.3, south: 36.7, east: -74.5, north: 42.8 };
const inBox = ([lng, lat]) => lng >= BOX.west && lng <= BOX.east && lat >= BOX.south && lat <= BOX.north;
const round = (n) => Math.round(n * 1e3) / 1e3; // about 100 m: finer than the source's own simplification

const raw = JSON.parse(readFileSync(source, "utf8"));
let lines;
if (raw.type === "Topology") {
  const albers = geoAlbersUsa().scale(1280).translate([480, 300]);
  const object = Object.values(raw.objects)[0];
  lines = feature(raw, object).features.flatMap((f) => (f.geometry.type === "LineString" ? [f.geometry.coordinates] : f.geometry.coordinates)).map((line) => line.map((p) => albers.invert(p)).filter(Boolean));
} else {
  const major = (p) => p.sov_a3 === "USA" && (p.level === "Interstate" || p.type === "Major Highway");
  lines = raw.features.filter((f) => major(f.properties)).flatMap((f) => (f.geometry.type === "LineString" ? [f.geometry.coordinates] : f.geometry.coordinates));
}

// Each line cut to the box: the runs of its points inside, with one point beyond at each end so a
// road leaves the view instead of stopping short of its edge.
const cut = [];
for (const line of lines) {
  let run = [];
  line.forEach((point, i) => {
    if (inBox(point)) {
      if (run.length === 0 && i > 0) run.push(line[i - 1]);
      run.push(point);
    } else if (run.length > 0) {
      run.push(point);
      cut.push(run);
      run = [];
    }
  });
  if (run.length > 0) cut.push(run);
}
const flat = cut
  .map((run) => run.flatMap(([lng, lat]) => [round(lat), round(lng)]))
  .filter((run) => run.length >= 4);

const out = {
  source: "Natural Earth 10m roads (public domain), major US highways; see docs/decisions/374-map-major-roads.md",
  box: BOX,
  // [lat, lng, lat, lng, …] per line.
  lines: flat,
};
writeFileSync(new URL("../client/src/features/maps/lib/major-roads.json", import.meta.url), JSON.stringify(out) + "\n");
console.log(`${flat.length} lines, ${flat.reduce((n, l) => n + l.length / 2, 0)} points`);
