// The map view of a listing page: the filtered, sorted list the
// grid and list show, as clustered markers over the basemap. Loaded only when the map opens.
import "leaflet/dist/leaflet.css";
import "./map-credits.css";
import L from "leaflet";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { Bounds, MapArea } from "@shared/map-area";
import { useBasemap } from "../api/get-basemap";
import { useZipCentre } from "../api/get-zip-centre";
import { clustersOf, isPlaced, MAX_CLUSTER_ZOOM, type MapPlace } from "../lib/clusters";
import { timed } from "../lib/map-timing";
import { MapAreaControls } from "./map-area-controls";
import { MapLegend } from "./map-legend";
import { MapListingCard, type MapCard } from "./map-listing-card";
import { OutlinesFailedNotice } from "./outlines-failed-notice";
import { useAreaDrawing, useAreaShapes } from "./use-area-drawing";
import { useBasemapLayers } from "./use-basemap-layers";
import { useClusterMarkers } from "./use-cluster-markers";
import { useMajorRoads } from "./use-major-roads";
import { usePlaceLabels } from "./use-place-labels";

/** A listing as the map needs it: its point, stage and name. */
export interface MapListing extends MapPlace {
  listingName: string;
}

export interface ListingMapProps {
  listings: readonly MapListing[];
  /** The card of a tapped listing. */
  card(id: string): MapCard | null;
  /** "View Details": the listing's own dialog. */
  onOpen(id: string): void;
  area: MapArea;
  onAreaChange(area: MapArea): void;
  /** "N listings have no location": the list of them. */
  onShowUnplaced(): void;
}

// The contiguous states, the view before any listing is known.
const US: L.LatLngBoundsExpression = [
  [24.5, -125],
  [49.5, -66.9],
];

/** The box around the placed listings, or null when none is placed. */
function extentOf(listings: readonly MapPlace[]): L.LatLngBounds | null {
  let south = 90, west = 180, north = -90, east = -180;
  let any = false;
  for (const l of listings) {
    if (!isPlaced(l)) continue;
    any = true;
    const lat = l.latitude as number;
    const lng = l.longitude as number;
    if (lat < south) south = lat;
    if (lat > north) north = lat;
    if (lng < west) west = lng;
    if (lng > east) east = lng;
  }
  return any ? L.latLngBounds([south, west], [north, east]) : null;
}

export default function ListingMap({ listings, card, onOpen, area, onAreaChange, onShowUnplaced }: ListingMapProps) {
  const host = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<L.Map | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [drawing, setDrawing] = useState(false);
  const basemap = useBasemap();
  const centre = useZipCentre(area.near);

  // One Leaflet map for the view's life; the canvas draws the outlines (no GPU needed).
  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const made = timed("Leaflet map", () => {
      const created = L.map(element, { preferCanvas: true, minZoom: 3, maxZoom: 18, zoomSnap: 0.5, worldCopyJump: true });
      return created.fitBounds(US);
    });
    setMap(made);
    return () => {
      made.remove();
      setMap(null);
    };
  }, []);

  // The first time there are listings, show them all (or the saved area); later filters keep the view.
  const fitted = useRef(false);
  useEffect(() => {
    if (!map || fitted.current || listings.length === 0) return;
    fitted.current = true;
    const b = area.bounds;
    const target = b ? L.latLngBounds([b.south, b.west], [b.north, b.east]) : extentOf(listings);
    // At once, not animated: the markers are then placed once, for this view, not first for the
    // whole country and again when the zoom animation ends.
    if (target) map.fitBounds(target, { padding: [40, 40], maxZoom: 12, animate: false });
  }, [map, listings, area.bounds]);

  const clusters = useMemo(() => clustersOf(listings), [listings]);
  const names = useMemo(() => new Map(listings.map((l) => [l.id, l.listingName])), [listings]);
  const nameOf = useCallback((id: string) => names.get(id) ?? "Listing", [names]);

  const outlines = useBasemapLayers(map, basemap.data, !basemap.isPending);
  // Configured tiles draw their own roads and print their own names.
  const offline = !basemap.isPending && !basemap.data?.tilesUrl;
  useMajorRoads(map, offline);
  usePlaceLabels(map, offline);
  useClusterMarkers(map, clusters, nameOf, setSelected);
  useAreaShapes(map, area, centre);
  const drawn = useCallback(
    (bounds: Bounds | null) => {
      setDrawing(false);
      if (bounds) onAreaChange({ ...area, bounds });
    },
    [area, onAreaChange],
  );
  useAreaDrawing(map, drawing, drawn);

  const shown = selected && names.has(selected) ? card(selected) : null;

  return (
    <div className="grid gap-3" data-testid="listing-map-view">
      <MapAreaControls
        area={area}
        onAreaChange={onAreaChange}
        drawing={drawing}
        onDrawingChange={setDrawing}
        unplaced={clusters.unplaced}
        onShowUnplaced={onShowUnplaced}
        unknownZip={area.near !== null && centre === null}
      />
      <div className="relative isolate h-[calc(100dvh-4.5rem)] min-h-80 overflow-hidden rounded-lg border md:h-[calc(100dvh-15rem)]">
        <div
          ref={host}
          // Its own stacking context: Leaflet's panes (z-index 400 and up) stay under the card and legend.
          className="isolate z-0 size-full"
          // The sea around the outlines (Leaflet's own stylesheet would paint it grey over a class).
          style={{ background: "#dbeafe" }}
          role="region"
          aria-label={`Map of ${clusters.placed.toLocaleString()} listings`}
          data-testid="listing-map"
          data-placed={clusters.placed}
          data-max-cluster-zoom={MAX_CLUSTER_ZOOM}
        />
        <MapLegend />
        {outlines.failed ? <OutlinesFailedNotice onRetry={outlines.retry} /> : null}
        {shown ? <MapListingCard card={shown} onOpen={() => selected && onOpen(selected)} onClose={() => setSelected(null)} /> : null}
      </div>
    </div>
  );
}
