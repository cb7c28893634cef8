import { lazy, Suspense } from "react";
import { Spinner } from "@/components/ui/spinner";
import type { ListingMapProps } from "./listing-map";

export type { ListingMapProps, MapListing } from "./listing-map";
export type { MapCard } from "./map-listing-card";

// Leaflet, supercluster and the outlines load when the map view first opens, not with the
// first page (e2e/client-bundle.e2e.ts keeps the budget).
const ListingMap = lazy(() => import("./listing-map"));

export function LazyListingMap(props: ListingMapProps) {
  return (
    <Suspense
      fallback={
        <div className="grid h-80 place-items-center">
          <Spinner label="Loading the map" />
        </div>
      }
    >
      <ListingMap {...props} />
    </Suspense>
  );
}
