import "./place-labels.css";
import L from "leaflet";
import { useEffect } from "react";
import { chooseLabels, PLACE_LABELS, PLACE_LABELS_CREDIT } from "../lib/place-labels";

const PANE = "place-labels";

function labelIcon(name: string): L.DivIcon {
  const text = name.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  // Centred on the place, no box of its own: a halo keeps it legible over lines.
  return L.divIcon({ className: "", iconSize: [0, 0], html: `<span data-place-label class="map-place-label">${text}</span>` });
}

/**
 * The names of the cities and towns on the offline basemap,
 * chosen again after every move: those that fit at the zoom, larger places first. In a pane of
 * their own over the outlines and under the markers; not focusable and not clickable (the markers
 * are what a person acts on). The map says how many it shows (`data-labels`).
 */
export function usePlaceLabels(map: L.Map | null, enabled: boolean) {
  useEffect(() => {
    if (!map || !enabled) return;
    if (!map.getPane(PANE)) map.createPane(PANE).style.zIndex = "450";
    const group = L.layerGroup([], { pane: PANE }).addTo(map);
    map.attributionControl.addAttribution(PLACE_LABELS_CREDIT);
    const shown = new Map<string, L.Marker>();
    const refresh = () => {
      const zoom = map.getZoom();
      const b = map.getBounds().pad(0.1);
      const wanted = chooseLabels(PLACE_LABELS, { west: b.getWest(), south: b.getSouth(), east: b.getEast(), north: b.getNorth() }, zoom, (lat, lng) => {
        const p = map.project([lat, lng], zoom);
        return [p.x, p.y];
      });
      const keys = new Set(wanted.map((p) => `${p.name}|${p.latitude}|${p.longitude}`));
      for (const [key, marker] of shown) {
        if (!keys.has(key)) {
          group.removeLayer(marker);
          shown.delete(key);
        }
      }
      for (const place of wanted) {
        const key = `${place.name}|${place.latitude}|${place.longitude}`;
        if (shown.has(key)) continue;
        const marker = L.marker([place.latitude, place.longitude], { icon: labelIcon(place.name), pane: PANE, interactive: false, keyboard: false });
        shown.set(key, marker);
        group.addLayer(marker);
      }
      map.getContainer().dataset.labels = String(shown.size);
    };
    map.on("moveend", refresh);
    refresh();
    return () => {
      map.off("moveend", refresh);
      map.attributionControl.removeAttribution(PLACE_LABELS_CREDIT);
      group.remove();
      delete map.getContainer().dataset.labels;
    };
  }, [map, enabled]);
}
