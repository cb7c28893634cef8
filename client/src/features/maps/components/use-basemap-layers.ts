import L from "leaflet";
import { useEffect } from "react";
import type { Basemap } from "../api/get-basemap";
import { loadCountyLines, loadStateOutlines } from "../lib/basemap-outlines";

/** From this zoom in, county lines are drawn (a state or so across the screen). */
export const COUNTY_ZOOM = 7;

const LAND = { color: "#94a3b8", weight: 0, fillColor: "#f8fafc", fillOpacity: 1, interactive: false } as const;
const STATE_LINES = { color: "#64748b", weight: 1.2, fill: false, interactive: false } as const;
const COUNTY_LINES = { color: "#94a3b8", weight: 0.6, fill: false, interactive: false } as const;

/** Plain text for Leaflet's attribution, which it writes as HTML. */
const asText = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The basemap under the markers (docs/decisions/290-map-basemap.md): the configured XYZ tiles
 * with their credit, or else the embedded outlines, county lines added once the map is zoomed in
 * far enough to tell them apart. `basemap` undefined: not known yet (the outlines wait for it, so
 * a configured map does not draw both).
 */
export function useBasemapLayers(map: L.Map | null, basemap: Basemap | undefined, settled: boolean) {
  useEffect(() => {
    if (!map || !settled) return;
    if (basemap?.tilesUrl) {
      const tiles = L.tileLayer(basemap.tilesUrl, { attribution: basemap.attribution ? asText(basemap.attribution) : undefined, maxZoom: 19 }).addTo(map);
      map.getContainer().dataset.basemap = "tiles";
      return () => void tiles.remove();
    }
    let cancelled = false;
    const group = L.layerGroup().addTo(map);
    map.attributionControl.addAttribution("US Census Bureau (us-atlas)");
    let counties: L.Layer | null = null;
    let countiesLoading = false;
    const showCounties = () => {
      const wanted = map.getZoom() >= COUNTY_ZOOM;
      if (wanted && !counties && !countiesLoading) {
        countiesLoading = true;
        void loadCountyLines().then((lines) => {
          if (cancelled) return;
          counties = L.geoJSON(lines, { style: COUNTY_LINES });
          if (map.getZoom() >= COUNTY_ZOOM) group.addLayer(counties);
        });
      } else if (counties) {
        if (wanted) group.addLayer(counties);
        else group.removeLayer(counties);
      }
    };
    void loadStateOutlines().then(({ land, states }) => {
      if (cancelled) return;
      L.geoJSON(land, { style: LAND }).addTo(group);
      L.geoJSON(states, { style: STATE_LINES }).addTo(group);
      if (counties) group.addLayer(counties);
      map.getContainer().dataset.basemap = "outlines";
    });
    map.on("zoomend", showCounties);
    showCounties();
    return () => {
      cancelled = true;
      map.off("zoomend", showCounties);
      map.attributionControl.removeAttribution("US Census Bureau (us-atlas)");
      group.remove();
    };
  }, [map, basemap, settled]);
}
