import { useQuery } from "@tanstack/react-query";
import type { LatLng } from "@shared/map-area";
import { apiJson } from "@/lib/api-client";
import { mapKeys } from "@/lib/first-page-query-keys";

/** A ZIP's centre as the server's ZIP table has it; `centre` is null for a ZIP it lacks. */
export interface ZipCentre {
  zip: string;
  centre: LatLng | null;
}

export const getZipCentre = (zip: string) => apiJson<ZipCentre>("GET", `/api/maps/zips/${encodeURIComponent(zip)}`);

/**
 * The centre of `zip` for "within N miles of a ZIP": undefined while it loads (or with no ZIP),
 * null when none is known. The ZIP table stays on the server: the first page cannot carry it.
 */
export function useZipCentre(zip: string | null): LatLng | null | undefined {
  const query = useQuery({ queryKey: mapKeys.zip(zip ?? ""), queryFn: () => getZipCentre(zip ?? ""), enabled: zip !== null });
  if (zip === null) return undefined;
  if (query.isError) return null;
  return query.data?.centre;
}
