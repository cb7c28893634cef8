// The listings as clusters for a view of the map: one
// supercluster index per list, asked for what lies in the view at its zoom on every move.
import Supercluster, { type PointFeature } from "supercluster";
import { approximateArea } from "@shared/approximate-area";
import { timed } from "./map-timing";
import { dominantStage, stageOf, type StageCounts } from "./stage-colours";

/** What the map needs of a listing: its point, how exact it is, its stage. */
export interface MapPlace {
  id: string;
  latitude?: number | null;
  longitude?: number | null;
  locationPrecision?: string | null;
  dealStage?: string | null;
}

/** The area a point only stands for: its ZIP's or its city's centre; null when it is the place. */
export type Approximation = "zip" | "city" | null;

interface PointProps {
  id: string;
  stage: string;
  approximate: Approximation;
}
interface ClusterProps {
  stages: StageCounts;
}

export type MapMarker =
  | { kind: "listing"; key: string; id: string; latitude: number; longitude: number; stage: string; approximate: Approximation }
  | { kind: "cluster"; key: string; clusterId: number; latitude: number; longitude: number; count: number; stage: string; stages: StageCounts };

export const isPlaced = (p: MapPlace) => p.latitude != null && p.longitude != null;

export const CLUSTER_RADIUS_PX = 60;
export const MAX_CLUSTER_ZOOM = 16;

/** The placed listings as the index's points. */
function pointsOf(places: readonly MapPlace[]): PointFeature<PointProps>[] {
  const points: PointFeature<PointProps>[] = [];
  for (const p of places) {
    if (!isPlaced(p)) continue;
    points.push({
      type: "Feature",
      geometry: { type: "Point", coordinates: [p.longitude as number, p.latitude as number] },
      properties: { id: p.id, stage: stageOf(p.dealStage), approximate: approximateArea(p.locationPrecision) },
    });
  }
  return points;
}

export class ListingClusters {
  private readonly index = new Supercluster<PointProps, ClusterProps>({
    radius: CLUSTER_RADIUS_PX,
    maxZoom: MAX_CLUSTER_ZOOM,
    map: (p) => ({ stages: { [p.stage]: 1 } }),
    reduce: (acc, p) => {
      for (const [stage, n] of Object.entries(p.stages)) acc.stages[stage] = (acc.stages[stage] ?? 0) + n;
    },
  });
  /** How many listings have a point, and how many have none. */
  readonly placed: number;
  readonly unplaced: number;

  constructor(places: readonly MapPlace[]) {
    const points = timed("listing points", () => pointsOf(places));
    timed("supercluster load", () => this.index.load(points));
    this.placed = points.length;
    this.unplaced = places.length - points.length;
  }

  /** The markers inside [west, south, east, north] at `zoom`. */
  markers(bbox: [number, number, number, number], zoom: number): MapMarker[] {
    return this.index.getClusters(bbox, Math.round(zoom)).map((f) => {
      const [longitude, latitude] = f.geometry.coordinates;
      const props = f.properties;
      if ("cluster" in props && props.cluster) {
        const stages = props.stages;
        return { kind: "cluster", key: `c${props.cluster_id}`, clusterId: props.cluster_id, latitude, longitude, count: props.point_count, stage: dominantStage(stages), stages };
      }
      const p = props as PointProps;
      return { kind: "listing", key: `p${p.id}`, id: p.id, latitude, longitude, stage: p.stage, approximate: p.approximate };
    });
  }

  /** The zoom at which a cluster falls apart into smaller ones. */
  expansionZoom(clusterId: number): number {
    return this.index.getClusterExpansionZoom(clusterId);
  }
}

// One index per list: the layout toggle unmounts the map, and opening it again on the same list
// (the workspace keeps it while the search and filters stand) need not index 10,000 points again.
const indexed = new WeakMap<readonly MapPlace[], ListingClusters>();

/** The clusters of a list, indexed the first time it is asked for. */
export function clustersOf(places: readonly MapPlace[]): ListingClusters {
  let clusters = indexed.get(places);
  if (!clusters) indexed.set(places, (clusters = new ListingClusters(places)));
  return clusters;
}
