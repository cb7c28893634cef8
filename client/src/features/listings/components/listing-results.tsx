import { memo, useCallback } from "react";
import type { UserSettings } from "@shared/schema";
import { categoryColor } from "@/features/settings/api/get-settings";
import { useContainerGeometry } from "@/lib/use-container-geometry";
import type { ListingSummary } from "../api/listing-types";
import { ListingCard } from "./listing-card";
import type { ListingItemActions } from "./listing-item-shared";
import { loadVirtualizer, useGridRows } from "./use-grid-rows";

// Cards are at least this wide, so a phone shows one column, a laptop three, a wide screen four.
const MIN_CARD_WIDTH = 280;
const MAX_COLUMNS = 4;
const GRID_GAP = 16;
// A card's height below its picture (text, badges, controls), before it is measured. The
// picture is 16:10, or 5:2 on the compact phone card (under Tailwind's sm breakpoint).
const CARD_BODY_ESTIMATE = 200;
const COMPACT_CARD_BELOW = 640;

export function columnsFor(width: number): number {
  return Math.max(1, Math.min(MAX_COLUMNS, Math.floor((width + GRID_GAP) / (MIN_CARD_WIDTH + GRID_GAP))));
}

interface ListingResultsProps {
  listings: readonly ListingSummary[];
  settings: UserSettings | undefined;
  /** undefined where nothing can be selected. */
  isSelected?: (id: string) => boolean;
  actions: ListingItemActions;
  label: string;
}

/**
 * The card grid, virtualized against the page's own scroll (the list view is the table,
 * listing-table.tsx): only the rows near the viewport are
 * in the DOM, so ten thousand listings cost what thirty do. The first screenful is drawn before the
 * virtualizer's code is loaded (use-grid-rows.ts).
 */
export const ListingResults = memo(function ListingResults({
  listings,
  settings,
  isSelected,
  actions,
  label,
}: ListingResultsProps) {
  const { ref, width, offsetTop } = useContainerGeometry();
  const columns = columnsFor(width);
  const rowCount = Math.ceil(listings.length / columns);
  const cardWidth = (width - GRID_GAP * (columns - 1)) / columns;
  const imageRatio = typeof window !== "undefined" && window.innerWidth < COMPACT_CARD_BELOW ? 2.5 : 1.6;
  const estimate = cardWidth / imageRatio + CARD_BODY_ESTIMATE + GRID_GAP;

  // A row of the grid is a slot whose cards change with the width.
  // Keyed by slot, not by listing: a new sort or filter then patches the cards already on screen
  // instead of unmounting and mounting every one of them (the difference between one frame and
  // several at 10,000 listings).
  // A number rather than a string such as "grid:3:12": the virtualizer asks for every row's key
  // (thousands) whenever the count changes, as with each filter choice. Each
  // layout (column count, 1 to 4) gets keys of its own: index × 8 + layout.
  const layoutKey = columns - 1;
  const getItemKey = useCallback((index: number) => index * 8 + layoutKey, [layoutKey]);
  const grid = useGridRows({ count: rowCount, estimate, overscan: 2, scrollMargin: offsetTop, getItemKey });

  const coloured = settings?.enableCardShadow ?? true;

  const item = (listing: ListingSummary, position: number) => {
    const color = categoryColor(listing.marketingCategory, settings);
    return (
      <div role="listitem" aria-setsize={listings.length} aria-posinset={position + 1} key={position % columns} className="min-w-0">
        <ListingCard listing={listing} accent={coloured ? color : null} badgeColor={color} selected={isSelected?.(listing.id)} actions={actions} />
      </div>
    );
  };

  return (
    <div
      ref={ref}
      role="list"
      aria-label={label}
      data-testid="listing-results"
      data-view="grid"
      data-virtualized={grid.virtual}
      className="relative w-full"
      // Before the virtualizer, the rows drawn flow in the page and the rest is estimated.
      style={grid.virtual ? { height: grid.totalSize } : { minHeight: grid.rows.length < rowCount ? grid.totalSize : undefined }}
      onFocus={grid.virtual ? undefined : loadVirtualizer}
    >
      {grid.rows.map((row) => {
        const first = row.index * columns;
        const inRow = listings.slice(first, first + columns);
        return (
          <div
            key={row.key}
            role="none"
            data-index={row.index}
            ref={grid.rowRef}
            className={grid.virtual ? "absolute left-0 top-0 w-full" : "w-full"}
            style={{
              transform: grid.virtual ? `translateY(${row.start - offsetTop}px)` : undefined,
              paddingBottom: GRID_GAP,
            }}
          >
            <div role="none" className="grid gap-4" style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}>
              {inRow.map((listing, k) => item(listing, first + k))}
            </div>
          </div>
        );
      })}
    </div>
  );
});
