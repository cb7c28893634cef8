import { useCallback } from "react";
import { factsLine } from "@shared/listing-facts-text";
import { approximateArea } from "@shared/approximate-area";
import type { MapArea } from "@shared/map-area";
import { LazyListingMap, type MapCard } from "@/features/maps/components/lazy-listing-map";
import type { ListingSummary } from "../api/listing-types";
import type { ListingFilters } from "../lib/listing-filters";
import { cardImageSrc } from "../lib/listing-image";

interface ListingsMapProps {
  listings: readonly ListingSummary[];
  filters: ListingFilters;
  onFiltersUpdate(changes: Partial<ListingFilters>): void;
  onOpen(listing: ListingSummary): void;
  /** "N listings have no location": the list of just those. */
  onShowUnplaced(): void;
}

/** The map view of the listings shown, its card from the listing. */
export function ListingsMap({ listings, filters, onFiltersUpdate, onOpen, onShowUnplaced }: ListingsMapProps) {
  const find = useCallback((id: string) => listings.find((l) => l.id === id), [listings]);
  const card = useCallback(
    (id: string): MapCard | null => {
      const l = find(id);
      return l
        ? { name: l.listingName, facts: factsLine(l), photo: cardImageSrc(l.imageUrl, l.propertyDescription), approximate: approximateArea(l.locationPrecision) }
        : null;
    },
    [find],
  );
  const open = useCallback((id: string) => {
    const l = find(id);
    if (l) onOpen(l);
  }, [find, onOpen]);
  const changeArea = useCallback((area: MapArea) => onFiltersUpdate({ area }), [onFiltersUpdate]);
  return <LazyListingMap listings={listings} card={card} onOpen={open} area={filters.area} onAreaChange={changeArea} onShowUnplaced={onShowUnplaced} />;
}
