import L from "leaflet";
import { useEffect } from "react";
import type { Bounds, LatLng, MapArea } from "@shared/map-area";

const AREA_STYLE = { color: "#1d4ed8", weight: 2, dashArray: "6 4", fillOpacity: 0.04, interactive: false } as const;
const METRES_PER_MILE = 1609.344;

const toBounds = (a: L.LatLng, b: L.LatLng): Bounds => ({
  south: Math.min(a.lat, b.lat),
  west: Math.min(a.lng, b.lng),
  north: Math.max(a.lat, b.lat),
  east: Math.max(a.lng, b.lng),
});

/**
 * While `drawing`, a drag on the map draws the area instead of panning it; on release the
 * rectangle is handed to `onDrawn` (a click without a drag draws nothing).
 */
export function useAreaDrawing(map: L.Map | null, drawing: boolean, onDrawn: (bounds: Bounds | null) => void) {
  useEffect(() => {
    if (!map || !drawing) return;
    const container = map.getContainer();
    map.dragging.disable();
    container.style.cursor = "crosshair";
    let start: L.LatLng | null = null;
    let box: L.Rectangle | null = null;
    const latLngOf = (e: PointerEvent) => map.mouseEventToLatLng(e as unknown as MouseEvent);
    const down = (e: PointerEvent) => {
      if (e.button !== 0 || (e.target as Element).closest(".leaflet-control")) return;
      start = latLngOf(e);
      container.setPointerCapture(e.pointerId);
      e.preventDefault();
    };
    const move = (e: PointerEvent) => {
      if (!start) return;
      const b = L.latLngBounds(start, latLngOf(e));
      if (box) box.setBounds(b);
      else box = L.rectangle(b, AREA_STYLE).addTo(map);
    };
    const up = (e: PointerEvent) => {
      if (!start) return;
      const end = latLngOf(e);
      const moved = map.latLngToContainerPoint(start).distanceTo(map.latLngToContainerPoint(end)) > 4;
      onDrawn(moved ? toBounds(start, end) : null);
      start = null;
    };
    container.addEventListener("pointerdown", down);
    container.addEventListener("pointermove", move);
    container.addEventListener("pointerup", up);
    return () => {
      container.removeEventListener("pointerdown", down);
      container.removeEventListener("pointermove", move);
      container.removeEventListener("pointerup", up);
      box?.remove();
      container.style.cursor = "";
      map.dragging.enable();
    };
  }, [map, drawing, onDrawn]);
}

/** The area filtering the lists, drawn on the map: the rectangle, the circle around a ZIP. */
export function useAreaShapes(map: L.Map | null, area: MapArea, centre: LatLng | null | undefined) {
  const { bounds, radiusMiles } = area;
  useEffect(() => {
    if (!map) return;
    const shapes: L.Layer[] = [];
    if (bounds) shapes.push(L.rectangle([[bounds.south, bounds.west], [bounds.north, bounds.east]], AREA_STYLE));
    if (centre && radiusMiles) shapes.push(L.circle([centre.latitude, centre.longitude], { ...AREA_STYLE, radius: radiusMiles * METRES_PER_MILE }));
    for (const shape of shapes) shape.addTo(map);
    return () => shapes.forEach((s) => s.remove());
  }, [map, bounds, centre, radiusMiles]);
}
