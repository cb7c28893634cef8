import L from "leaflet";
import { useEffect } from "react";
import roadsFile from "../lib/major-roads.json";

const PANE = "major-roads";
const ROADS = { color: "#c2410c", opacity: 0.55, weight: 1.6, interactive: false } as const;
const CREDIT = "Roads: Natural Earth";

// Made once per page, like the outlines: the lines are [lat, lng, lat, lng, …] (scripts/build-roads.mjs).
let layer: L.Polyline | null = null;
function roadsLayer(): L.Polyline {
  if (!layer) {
    const lines = (roadsFile.lines as number[][]).map((flat) => {
      const points: L.LatLngTuple[] = [];
      for (let i = 0; i < flat.length; i += 2) points.push([flat[i], flat[i + 1]]);
      return points;
    });
    // A canvas of its own, over the land and state lines (whose canvas would otherwise cover them) and under the names.
    layer = L.polyline(lines, { ...ROADS, pane: PANE, renderer: L.canvas({ pane: PANE }) });
  }
  return layer;
}

/**
 * The major roads on the offline basemap: Interstates of
 * the app's states, simplified, drawn at every zoom in a pane over the outlines. The map says
 * `data-roads="drawn"`.
 */
export function useMajorRoads(map: L.Map | null, enabled: boolean) {
  useEffect(() => {
    if (!map || !enabled) return;
    if (!map.getPane(PANE)) map.createPane(PANE).style.zIndex = "420";
    const roads = roadsLayer().addTo(map);
    map.attributionControl.addAttribution(CREDIT);
    map.getContainer().dataset.roads = "drawn";
    return () => {
      roads.remove();
      map.attributionControl.removeAttribution(CREDIT);
      delete map.getContainer().dataset.roads;
    };
  }, [map, enabled]);
}
