import L from "leaflet";
import { useEffect } from "react";
import type { ListingClusters, MapMarker } from "../lib/clusters";
import { timed } from "../lib/map-timing";
import { markerIcon } from "../lib/marker-icons";

/** A marker's name for screen readers and the pointer's tooltip. */
function markerTitle(marker: MapMarker, nameOf: (id: string) => string): string {
  if (marker.kind === "cluster") return `${marker.count.toLocaleString()} listings, mostly ${marker.stage}: zoom in`;
  const approximate = marker.approximate === "city" ? ", approximate location: the city's centre" : marker.approximate === "zip" ? ", approximate location" : "";
  return `${nameOf(marker.id)} (${marker.stage}${approximate})`;
}

// How long one frame may spend making markers: a zoom that splits the clusters replaces a hundred
// or more DOM markers, which made the frame after it the slowest of a zoom. The rest waits for
// the next frame.
const FRAME_BUDGET_MS = 8;

/**
 * The markers for what the map shows, asked of the clusters after every move and zoom. A marker
 * still in view stays (same key, same Leaflet marker): a pan replaces only the edges. New markers
 * are placed a frame's budget at a time; those out of view go once all are placed, and the map
 * then says how many it shows (`data-markers`).
 */
export function useClusterMarkers(
  map: L.Map | null,
  clusters: ListingClusters,
  nameOf: (id: string) => string,
  onListing: (id: string) => void,
) {
  useEffect(() => {
    if (!map) return;
    const layer = L.layerGroup().addTo(map);
    const shown = new Map<string, L.Marker>();
    const place = (marker: MapMarker) => {
      const made = L.marker([marker.latitude, marker.longitude], { icon: markerIcon(marker), title: markerTitle(marker, nameOf), keyboard: true, riseOnHover: true });
      made.on("click", () => {
        if (marker.kind === "cluster") map.setView([marker.latitude, marker.longitude], Math.min(clusters.expansionZoom(marker.clusterId), map.getMaxZoom()));
        else onListing(marker.id);
      });
      layer.addLayer(made);
      shown.set(marker.key, made);
    };
    let nextFrame = 0;
    const refresh = () => {
      cancelAnimationFrame(nextFrame);
      const b = map.getBounds();
      const markers = timed("cluster query", () => clusters.markers([b.getWest(), b.getSouth(), b.getEast(), b.getNorth()], map.getZoom()));
      const keep = new Set(markers.map((m) => m.key));
      const missing = markers.filter((m) => !shown.has(m.key));
      let next = 0;
      const placeSome = () =>
        timed("markers", () => {
          const started = performance.now();
          while (next < missing.length && performance.now() - started < FRAME_BUDGET_MS) place(missing[next++]);
          if (next < missing.length) {
            nextFrame = requestAnimationFrame(placeSome);
            return;
          }
          for (const [key, made] of shown) {
            if (keep.has(key)) continue;
            layer.removeLayer(made);
            shown.delete(key);
          }
          map.getContainer().dataset.markers = String(shown.size);
        });
      placeSome();
    };
    refresh();
    map.on("moveend", refresh);
    return () => {
      cancelAnimationFrame(nextFrame);
      map.off("moveend", refresh);
      layer.remove();
    };
  }, [map, clusters, nameOf, onListing]);
}
