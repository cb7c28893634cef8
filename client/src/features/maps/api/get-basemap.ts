import { useQuery } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-client";
import { mapKeys } from "@/lib/query-keys";

/** The configured tile service (MAP_TILES_URL, MAP_ATTRIBUTION), or nulls for the embedded outlines. */
export interface Basemap {
  tilesUrl: string | null;
  attribution: string | null;
}

export const getBasemap = () => apiJson<Basemap>("GET", "/api/maps/basemap");

export function useBasemap() {
  return useQuery({ queryKey: mapKeys.basemap, queryFn: getBasemap });
}
