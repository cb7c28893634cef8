// The outlines as flat typed arrays: a worker
// converts the TopoJSON and hands the result over without copying (the arrays' buffers are
// transferred), and the map turns it into the nested [lat, lng] lists Leaflet draws.

/**
 * Lines or polygons, flattened: `coordinates` holds longitude, latitude pairs one after another;
 * `lineEnds[i]` is the point count at the end of line (or ring) i; `polygonEnds[j]`, for
 * polygons, the line count at the end of polygon j (its outer ring first, then its holes).
 */
export interface FlatShapes {
  coordinates: Float64Array;
  lineEnds: Uint32Array;
  polygonEnds?: Uint32Array;
}

/** The flat form of a MultiLineString's lines, or of a MultiPolygon's polygons. */
export function flatten(geometry: GeoJSON.MultiLineString | GeoJSON.MultiPolygon): FlatShapes {
  const polygons = geometry.type === "MultiPolygon" ? geometry.coordinates : [geometry.coordinates];
  const lines = polygons.flat();
  const points = lines.reduce((n, line) => n + line.length, 0);
  const coordinates = new Float64Array(points * 2);
  const lineEnds = new Uint32Array(lines.length);
  let at = 0;
  lines.forEach((line, i) => {
    for (const [lng, lat] of line) {
      coordinates[at++] = lng;
      coordinates[at++] = lat;
    }
    lineEnds[i] = at / 2;
  });
  if (geometry.type === "MultiLineString") return { coordinates, lineEnds };
  const polygonEnds = new Uint32Array(polygons.length);
  let count = 0;
  polygons.forEach((rings, j) => (polygonEnds[j] = count += rings.length));
  return { coordinates, lineEnds, polygonEnds };
}

/** The buffers to transfer with a message rather than copy. */
export const buffersOf = (shapes: FlatShapes): ArrayBuffer[] =>
  [shapes.coordinates, shapes.lineEnds, shapes.polygonEnds].flatMap((a) => (a ? [a.buffer as ArrayBuffer] : []));

type LatLng = [number, number];

/** Each line as [lat, lng] points, in Leaflet's order. */
export function latLngLines(shapes: FlatShapes): LatLng[][] {
  const { coordinates, lineEnds } = shapes;
  const lines: LatLng[][] = [];
  let start = 0;
  for (const end of lineEnds) {
    const line: LatLng[] = new Array(end - start);
    for (let p = start; p < end; p++) line[p - start] = [coordinates[2 * p + 1], coordinates[2 * p]];
    lines.push(line);
    start = end;
  }
  return lines;
}

/** Each polygon as its rings of [lat, lng] points (a MultiPolygon for L.polygon). */
export function latLngPolygons(shapes: FlatShapes): LatLng[][][] {
  const lines = latLngLines(shapes);
  const polygons: LatLng[][][] = [];
  let start = 0;
  for (const end of shapes.polygonEnds ?? []) {
    polygons.push(lines.slice(start, end));
    start = end;
  }
  return polygons;
}
