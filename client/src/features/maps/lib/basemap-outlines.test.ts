// The outlines the workers prepare are exactly what topojson-client gives on the page's main
// thread, once flattened and read back.
import { feature, mesh } from "topojson-client";
import counties from "us-atlas/counties-10m.json";
import states from "us-atlas/states-10m.json";
import { describe, expect, it } from "vitest";
import { countyLines, stateOutlines, type AtlasTopology } from "./basemap-outlines";
import { buffersOf, flatten, latLngLines, latLngPolygons } from "./outline-shapes";

const statesAtlas = states as unknown as AtlasTopology;
const countiesAtlas = counties as unknown as AtlasTopology;
const swap = (line: GeoJSON.Position[]) => line.map(([lng, lat]) => [lat, lng]);

describe("the prepared outlines", () => {
  it("hold the county lines topojson-client meshes, point for point", () => {
    const expected = mesh(countiesAtlas, countiesAtlas.objects.counties, (a, b) => a !== b);
    const prepared = countyLines(countiesAtlas);
    expect(prepared.lineEnds.length).toBe(expected.coordinates.length);
    expect(latLngLines(prepared)).toEqual(expected.coordinates.map(swap));
  });

  it("hold the state lines and the land's polygons topojson-client gives", () => {
    const prepared = stateOutlines(statesAtlas);
    expect(latLngLines(prepared.states)).toEqual(mesh(statesAtlas, statesAtlas.objects.states).coordinates.map(swap));
    const land = feature(statesAtlas, statesAtlas.objects.nation).features.flatMap((f) => (f.geometry as GeoJSON.MultiPolygon).coordinates);
    expect(latLngPolygons(prepared.land)).toEqual(land.map((rings) => rings.map(swap)));
  });
});

describe("flat shapes", () => {
  it("keep each polygon's holes with it and each line's points in order", () => {
    const square = [[0, 0], [4, 0], [4, 4], [0, 4], [0, 0]];
    const hole = [[1, 1], [2, 1], [2, 2], [1, 1]];
    const island = [[10, 10], [11, 10], [11, 11], [10, 10]];
    const flat = flatten({ type: "MultiPolygon", coordinates: [[square, hole], [island]] });
    expect([...flat.lineEnds]).toEqual([5, 9, 13]);
    expect([...(flat.polygonEnds ?? [])]).toEqual([2, 3]);
    expect(latLngPolygons(flat)).toEqual([[swap(square), swap(hole)], [swap(island)]]);

    const lines = flatten({ type: "MultiLineString", coordinates: [[[-88.5, 30.25], [-88, 31]], [[-100, 40], [-101, 41], [-102, 42]]] });
    expect(lines.polygonEnds).toBeUndefined();
    expect(latLngLines(lines)).toEqual([[[30.25, -88.5], [31, -88]], [[40, -100], [41, -101], [42, -102]]]);
  });

  it("name every buffer to transfer, so a worker's answer is handed over, not copied", () => {
    const flat = flatten({ type: "MultiPolygon", coordinates: [[[[0, 0], [1, 0], [0, 1], [0, 0]]]] });
    expect(buffersOf(flat)).toEqual([flat.coordinates.buffer, flat.lineEnds.buffer, flat.polygonEnds?.buffer]);
    const lines = flatten({ type: "MultiLineString", coordinates: [[[0, 0], [1, 1]]] });
    expect(buffersOf(lines)).toHaveLength(2);
  });
});
