// The embedded basemap: the nation's land, state lines and,
// zoomed in, county lines from us-atlas (Census geometry). The files come with the app's own
// code, so the map needs no tile server and works offline. These conversions run in workers,
// never on the page's main thread.
import { feature, mesh } from "topojson-client";
import type { GeometryCollection, Topology } from "topojson-specification";
import { flatten, type FlatShapes } from "./outline-shapes";

export type AtlasTopology = Topology<{ states: GeometryCollection; nation: GeometryCollection; counties: GeometryCollection }>;

export interface StateOutlines {
  /** The land, polygons (islands included). */
  land: FlatShapes;
  /** The lines between and around states. */
  states: FlatShapes;
}

/** Every polygon of a collection's features, as one MultiPolygon. */
function polygonsOf(collection: GeoJSON.FeatureCollection): GeoJSON.MultiPolygon {
  const coordinates = collection.features.flatMap(({ geometry: g }) => (g.type === "MultiPolygon" ? g.coordinates : g.type === "Polygon" ? [g.coordinates] : []));
  return { type: "MultiPolygon", coordinates };
}

/** The land and the state lines of `us-atlas/states-10m.json`. */
export function stateOutlines(topology: AtlasTopology): StateOutlines {
  return {
    land: flatten(polygonsOf(feature(topology, topology.objects.nation))),
    states: flatten(mesh(topology, topology.objects.states)),
  };
}

/** The lines between counties of `us-atlas/counties-10m.json` (the coasts are the land's). */
export function countyLines(topology: AtlasTopology): FlatShapes {
  return flatten(mesh(topology, topology.objects.counties, (a, b) => a !== b));
}
