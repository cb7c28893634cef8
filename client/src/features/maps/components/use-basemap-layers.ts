import L from "leaflet";
import { useCallback, useEffect, useState } from "react";
import { whenIdle } from "@/lib/when-idle";
import type { Basemap } from "../api/get-basemap";
import { loadCountyLines, loadStateOutlines, once } from "../lib/load-outlines";
import { timed } from "../lib/map-timing";
import { latLngLines, latLngPolygons } from "../lib/outline-shapes";

/** From this zoom in, county lines are drawn (a state or so across the screen). */
export const COUNTY_ZOOM = 7;

const LAND = { color: "#94a3b8", weight: 0, fillColor: "#f8fafc", fillOpacity: 1, interactive: false } as const;
const STATE_LINES = { color: "#64748b", weight: 1.2, fill: false, interactive: false } as const;
const COUNTY_LINES = { color: "#94a3b8", weight: 0.6, fill: false, interactive: false } as const;

// The outline layers are made once per page and move from one opening of the map to the next
// (Leaflet layers can be added to another map once removed from the last).
const stateLayers = once(async () => {
  const { land, states } = await loadStateOutlines();
  return timed("state outline layers", () => L.layerGroup([L.polygon(latLngPolygons(land), LAND), L.polyline(latLngLines(states), STATE_LINES)]));
});
const countyLayer = once(async () => {
  const lines = await loadCountyLines();
  return timed("county layer", () => L.polyline(latLngLines(lines), COUNTY_LINES));
});

/** Plain text for Leaflet's attribution, which it writes as HTML. */
const asText = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Whether the outlines could not be drawn, and the way to try again. */
export interface BasemapOutcome {
  failed: boolean;
  retry(): void;
}

/**
 * The basemap under the markers: the configured XYZ tiles
 * with their credit, or else the embedded outlines, county lines added once the map is zoomed in
 * far enough to tell them apart. `basemap` undefined: not known yet (the outlines wait for it, so
 * a configured map does not draw both). Outlines that could not be made leave the map working
 * without them; `failed` says so until `retry` makes them.
 */
export function useBasemapLayers(map: L.Map | null, basemap: Basemap | undefined, settled: boolean): BasemapOutcome {
  const [failed, setFailed] = useState(false);
  // Each attempt draws the basemap afresh; a failed layer was not kept (`once`), so it is asked again.
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => {
    setFailed(false);
    setAttempt((n) => n + 1);
  }, []);

  useEffect(() => {
    if (!map || !settled) return;
    if (basemap?.tilesUrl) {
      const tiles = L.tileLayer(basemap.tilesUrl, { attribution: basemap.attribution ? asText(basemap.attribution) : undefined, maxZoom: 19 }).addTo(map);
      map.getContainer().dataset.basemap = "tiles";
      return () => void tiles.remove();
    }
    let cancelled = false;
    const failure = () => {
      if (!cancelled) setFailed(true);
    };
    const group = L.layerGroup().addTo(map);
    map.attributionControl.addAttribution("US Census Bureau (us-atlas)");
    let counties: L.Polyline | null = null;
    const showCounties = () => {
      const wanted = map.getZoom() >= COUNTY_ZOOM;
      if (counties) {
        if (wanted) group.addLayer(counties);
        else group.removeLayer(counties);
        map.getContainer().dataset.counties = wanted ? "drawn" : "hidden";
      } else if (wanted) {
        countyLayer().then((layer) => {
          if (cancelled) return;
          counties = layer;
          showCounties();
        }, failure);
      }
    };
    let cancelPreparing = () => {};
    stateLayers().then((layers) => {
      if (cancelled) return;
      group.addLayer(layers);
      // Over the land when they came first.
      if (counties && group.hasLayer(counties)) counties.bringToFront();
      map.getContainer().dataset.basemap = "outlines";
      // The county lines are made ready while nothing else happens, so the first zoom in to
      // them only draws them.
      // A failure here is for the zoom in to find: it asks again, and says so if that fails too.
      cancelPreparing = whenIdle(() => void countyLayer().catch(() => {}));
    }, failure);
    map.on("zoomend", showCounties);
    showCounties();
    return () => {
      cancelled = true;
      cancelPreparing();
      map.off("zoomend", showCounties);
      map.attributionControl.removeAttribution("US Census Bureau (us-atlas)");
      // The outline layers are kept for the next opening; only this map lets go of them.
      group.remove();
      group.clearLayers();
    };
  }, [map, basemap, settled, attempt]);

  return { failed, retry };
}
