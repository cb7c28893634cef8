import L from "leaflet";
import { useEffect } from "react";
import type { ListingClusters, MapMarker } from "../lib/clusters";
import { timed } from "../lib/map-timing";
import { markerIcon } from "../lib/marker-icons";

/** A marker's name for screen readers and the pointer's tooltip. */
function markerTitle(marker: MapMarker, nameOf: (id: string) => string): string {
  if (marker.kind === "cluster") return `${marker.count.toLocaleString()} listings, mostly ${marker.stage}: zoom in`;
  return `${nameOf(marker.id)} (${marker.stage}${marker.approximate ? ", approximate location" : ""})`;
}

/**
 * The markers for what the map shows, asked of the clusters after every move and zoom. A marker
 * still in view stays (same key, same Leaflet marker): a pan replaces only the edges.
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
    const refresh = () => timed("markers", () => {
      const b = map.getBounds();
      const markers = clusters.markers([b.getWest(), b.getSouth(), b.getEast(), b.getNorth()], map.getZoom());
      const keep = new Set<string>();
      for (const marker of markers) {
        keep.add(marker.key);
        if (shown.has(marker.key)) continue;
        const made = L.marker([marker.latitude, marker.longitude], { icon: markerIcon(marker), title: markerTitle(marker, nameOf), keyboard: true, riseOnHover: true });
        made.on("click", () => {
          if (marker.kind === "cluster") map.setView([marker.latitude, marker.longitude], Math.min(clusters.expansionZoom(marker.clusterId), map.getMaxZoom()));
          else onListing(marker.id);
        });
        layer.addLayer(made);
        shown.set(marker.key, made);
      }
      for (const [key, made] of shown) {
        if (keep.has(key)) continue;
        layer.removeLayer(made);
        shown.delete(key);
      }
      map.getContainer().dataset.markers = String(shown.size);
    });
    refresh();
    map.on("moveend", refresh);
    return () => {
      map.off("moveend", refresh);
      layer.remove();
    };
  }, [map, clusters, nameOf, onListing]);
}
