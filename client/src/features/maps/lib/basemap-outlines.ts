// The embedded basemap (docs/decisions/290-map-basemap.md): the nation's land, state lines and,
// zoomed in, county lines from us-atlas (Census geometry), as GeoJSON for the map to draw. The
// files come with the app's own code, so the map needs no tile server and works offline.
import { feature, mesh } from "topojson-client";
import type { GeometryCollection, Topology } from "topojson-specification";

export interface Outlines {
  land: GeoJSON.GeoJSON;
  states: GeoJSON.MultiLineString;
}

type AtlasTopology = Topology<{ states: GeometryCollection; nation: GeometryCollection; counties: GeometryCollection }>;

/** The land and the state lines (about 110 kB of code, loaded with the map). */
export async function loadStateOutlines(): Promise<Outlines> {
  const topology = (await import("us-atlas/states-10m.json")).default as unknown as AtlasTopology;
  return {
    land: feature(topology, topology.objects.nation),
    states: mesh(topology, topology.objects.states),
  };
}

/** The lines between counties (about 800 kB, loaded the first time the map is zoomed in to them). */
export async function loadCountyLines(): Promise<GeoJSON.MultiLineString> {
  const topology = (await import("us-atlas/counties-10m.json")).default as unknown as AtlasTopology;
  return mesh(topology, topology.objects.counties, (a, b) => a !== b);
}
