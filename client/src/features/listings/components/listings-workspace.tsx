import type { UseQueryResult } from "@tanstack/react-query";
import { lazy, Suspense, useCallback, useEffect, useMemo, useState, type ReactNode } from "react";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { useAgents } from "@/features/agents/api/get-agents";
import { useSettings } from "@/features/settings/api/get-settings";
import { errorMessage } from "@/lib/api-client";
import type { ListingSummary } from "../api/listing-types";
import { useToggleListingActive } from "../api/toggle-listing-active";
import { useToggleListingStarred } from "../api/toggle-listing-starred";
import { NO_AREA } from "@shared/map-area";
import { activeFilterCount, NO_FILTERS, sortListings } from "../lib/listing-filters";
import { LazyListingDetailDialog, LazyNotesDialog } from "./lazy-dialogs";
import type { ListingItemActions } from "./listing-item-shared";
import { ListingResults } from "./listing-results";
import { ListingSkeletons } from "./listing-skeletons";
import { ListingToolbar } from "./listing-toolbar";
import { LazySelectionBar } from "./lazy-selection-bar";
import { useFilteredListings } from "./use-filtered-listings";
import { useListingSelection } from "./use-listing-selection";
import { listingViewKey } from "../lib/listing-view-url";
import { DEFAULT_TABLE_COLUMNS } from "@shared/table-columns";
import { useListingViewParams } from "./use-listing-view-params";
import { useSavedViewOpening } from "./use-saved-view-opening";
import { useSelectAll, type SelectAllProps } from "./use-select-all";
import { useNoteLink, type NoteLink } from "./use-note-link";
import { useViewMode } from "./use-view-mode";
import { ViewModeToggle } from "./view-mode-toggle";

// The saved views menu (and its forms) loads after the first cards: the first page stays light.
const LazyViewMenu = lazy(() => import("./view-menu").then((m) => ({ default: m.ViewMenu })));
// The table of the list view, too: most people open the grid.
const LazyListingTable = lazy(() => import("./listing-table"));
// The map view's wrapper comes with the view, not the page; its spinner is the one the map shows
// while Leaflet loads, so the two waits read as one.
const LazyListingsMap = lazy(() => import("./listings-map").then((m) => ({ default: m.ListingsMap })));
const MAP_LOADING = (
  <div className="grid h-80 place-items-center">
    <Spinner label="Loading the map" />
  </div>
);
// What the screen says with no listing to show: its own chunk, as a first page with listings never draws it.
const LazyListingsLoadError = lazy(() => import("./listing-empty-states").then((m) => ({ default: m.ListingsLoadError })));
const LazyNoListings = lazy(() => import("./listing-empty-states").then((m) => ({ default: m.NoListings })));

export type Folder = "active" | "inactive";

interface ListingsWorkspaceProps {
  folder: Folder;
  query: UseQueryResult<ListingSummary[]>;
  /** Active Listings: the empty state offers to add the first listing. */
  onAddListing?: () => void;
}

interface NotesTarget {
  listingId: string;
  listingName: string;
  mode: "view" | "add";
  highlightNoteId?: number;
  /** A new dialog per opening, so it starts in the requested mode. */
  key: number;
}

const BASE_PATH: Record<Folder, string> = { active: "/", inactive: "/not-in-use" };
const NO_IDS: ReadonlySet<string> = new Set();

function SelectAll(props: SelectAllProps) {
  const { checked, disabled, toggle } = useSelectAll(props);
  return (
    <div className="flex items-center gap-2">
      <Checkbox id="select-all-listings" checked={checked} disabled={disabled} onCheckedChange={toggle} />
      <Label htmlFor="select-all-listings" className="cursor-pointer text-sm font-normal">
        Select All
      </Label>
    </div>
  );
}

/**
 * The body of Active Listings and Not In Use: search and filters, the virtualized grid or list,
 * and the dialogs a listing opens (details, notes).
 */
export function ListingsWorkspace({ folder, query, onAddListing }: ListingsWorkspaceProps) {
  const isActiveFolder = folder === "active";
  const settings = useSettings().data;
  const agents = useAgents().data;

  // Search, filters and sort live in the address, so a link or a reload shows the same view.
  const { search, setSearch, filters, setFilters, updateFilters, sort, setSort, columns, setColumns, openQuery } = useListingViewParams(BASE_PATH[folder]);
  const viewKey = useMemo(() => listingViewKey(filters, sort), [filters, sort]);
  const [storedMode, setViewMode] = useViewMode();
  // Not In Use has no layout choice (spec §2): cards, as on Active Listings.
  const viewMode = isActiveFolder ? storedMode : "grid";
  const savedViews = useSavedViewOpening({ view: { search, filters, sort, columns }, mode: viewMode, openQuery, setMode: setViewMode, withDefault: isActiveFolder });
  // Beside the search on wider screens; on a phone that row has no room left, so beside the count.
  const viewMenu = (className: string) => (
    <Suspense fallback={null}>
      <LazyViewMenu basePath={BASE_PATH[folder]} query={savedViews.query} onOpen={savedViews.open} className={className} />
    </Suspense>
  );

  const sorted = useMemo(() => sortListings(query.data ?? [], sort), [query.data, sort]);
  // Filtered in the keystroke's own render, not through useDeferredValue: narrowing the previous
  // matches costs a few milliseconds at 10,000 listings, and a deferred second render landed a
  // frame later than the typed letter.
  const visible = useFilteredListings(sorted, search, filters);

  // From the listings as loaded, so a new sort does not rebuild it.
  const availableIds = useMemo(
    () => (isActiveFolder ? new Set((query.data ?? []).map((l) => l.id)) : NO_IDS),
    [isActiveFolder, query.data],
  );
  const selection = useListingSelection(availableIds);

  const [detail, setDetail] = useState<{ listing: ListingSummary; open: boolean } | null>(null);
  const [notes, setNotes] = useState<(NotesTarget & { open: boolean }) | null>(null);

  const openNotes = useCallback((target: Omit<NotesTarget, "key">) => {
    setNotes((prev) => ({ ...target, key: (prev?.key ?? 0) + 1, open: true }));
  }, []);
  const openNoteLink = useCallback(
    (link: NoteLink) => openNotes({ listingId: link.listingId, listingName: link.listingName, mode: "view", highlightNoteId: link.noteId }),
    [openNotes],
  );
  useNoteLink(BASE_PATH[folder], openNoteLink);

  const { mutate: toggleActive } = useToggleListingActive("card");
  const { mutate: toggleStarred } = useToggleListingStarred();
  const { setSelected } = selection;

  const actions = useMemo<ListingItemActions>(
    () => ({
      open: (listing) => setDetail({ listing, open: true }),
      addNote: (listing) => openNotes({ listingId: listing.id, listingName: listing.listingName, mode: "add" }),
      viewNotes: (listing) => openNotes({ listingId: listing.id, listingName: listing.listingName, mode: "view" }),
      toggleStarred: (listing) => toggleStarred(listing),
      toggleActive: (listing) => toggleActive(listing),
      setSelected: isActiveFolder ? setSelected : undefined,
    }),
    [isActiveFolder, openNotes, setSelected, toggleActive, toggleStarred],
  );

  // The dialogs' code is fetched while the person looks at the list, so the first click is instant.
  useEffect(() => {
    if (!query.data) return;
    const handle = setTimeout(() => {
      LazyListingDetailDialog.preload();
      LazyNotesDialog.preload();
    }, 1500);
    return () => clearTimeout(handle);
  }, [query.data]);

  const selectAllProps: SelectAllProps = {
    visible,
    anySelected: selection.selectedIds.length > 0,
    isSelected: selection.isSelected,
    onSelect: selection.selectMany,
    onDeselect: selection.deselectMany,
  };

  const filtered = search.trim() !== "" || activeFilterCount(filters) > 0;
  const total = sorted.length;

  let body: ReactNode;
  if (query.isPending) {
    body = <ListingSkeletons mode={viewMode} />;
  } else if (query.isError && query.data === undefined) {
    // A list already shown stays readable when a later read fails (offline, a flaky network).
    body = (
      <Suspense fallback={null}>
        <LazyListingsLoadError message={errorMessage(query.error)} onRetry={() => void query.refetch()} />
      </Suspense>
    );
  } else if (viewMode === "map") {
    body = (
      <Suspense fallback={MAP_LOADING}>
        <LazyListingsMap
          listings={visible}
          filters={filters}
          onFiltersUpdate={updateFilters}
          onOpen={actions.open}
          onShowUnplaced={() => {
            updateFilters({ area: { ...NO_AREA, located: "no" } });
            setViewMode("list");
          }}
        />
      </Suspense>
    );
  } else if (visible.length === 0) {
    body = (
      <Suspense fallback={null}>
        <LazyNoListings
          active={isActiveFolder}
          filtered={filtered}
          onClear={() => {
            setSearch("");
            setFilters(NO_FILTERS);
          }}
          onAddListing={onAddListing}
        />
      </Suspense>
    );
  } else if (viewMode === "list") {
    body = (
      <Suspense fallback={<ListingSkeletons mode="list" />}>
        <LazyListingTable
          listings={visible}
          sort={sort}
          onSortChange={setSort}
          columns={columns ?? DEFAULT_TABLE_COLUMNS}
          onColumnsChange={setColumns}
          isSelected={isActiveFolder ? selection.isSelected : undefined}
          selectAll={isActiveFolder ? selectAllProps : undefined}
          actions={actions}
          label={isActiveFolder ? "Active listings" : "Inactive listings"}
        />
      </Suspense>
    );
  } else {
    body = (
      <ListingResults
        listings={visible}
        settings={settings}
        isSelected={isActiveFolder ? selection.isSelected : undefined}
        actions={actions}
        label={isActiveFolder ? "Active listings" : "Inactive listings"}
      />
    );
  }

  const noun = total === 1 ? "listing" : "listings";
  return (
    <div
      className="grid gap-4"
      data-testid="listings-workspace"
      data-search={search}
      data-results={visible.length}
      // The filters and sort shown, as the address writes them (the browser bench waits on it).
      data-view={viewKey}
    >
      <ListingToolbar
        search={search}
        onSearchChange={setSearch}
        filters={filters}
        onFiltersChange={setFilters}
        onFiltersUpdate={updateFilters}
        sort={sort}
        onSortChange={setSort}
        agents={agents}
        trailing={
          <>
            {viewMenu("max-md:hidden")}
            {isActiveFolder ? <ViewModeToggle mode={storedMode} onChange={setViewMode} className={viewMode === "map" ? "max-md:hidden" : undefined} /> : null}
          </>
        }
      >
        {query.data ? (
          <div className="flex min-h-6 items-center gap-4">
            {isActiveFolder ? (
              <SelectAll {...selectAllProps} />
            ) : null}
            <p className="ml-auto text-sm text-muted-foreground" role="status" data-testid="listing-count">
              {filtered
                ? `Showing ${visible.length.toLocaleString()} of ${total.toLocaleString()} ${noun}`
                : `${total.toLocaleString()} ${noun}`}
            </p>
            {viewMenu("md:hidden")}
          </div>
        ) : null}
      </ListingToolbar>

      {isActiveFolder ? <LazySelectionBar selectedIds={selection.selectedIds} onClear={selection.clear} /> : null}

      {body}
      {viewMode === "map" ? (
        // On a phone the map fills the screen: the way back to the list sits under the thumb.
        <ViewModeToggle mode={viewMode} onChange={setViewMode} className="fixed bottom-4 left-1/2 z-20 -translate-x-1/2 shadow-overlay md:hidden" />
      ) : null}

      <LazyListingDetailDialog
        listingId={detail?.listing.id ?? null}
        summary={detail?.listing}
        open={detail?.open ?? false}
        onOpenChange={(open) => setDetail((prev) => (prev ? { ...prev, open } : null))}
      />
      {notes ? (
        <LazyNotesDialog
          key={notes.key}
          listingId={notes.listingId}
          listingName={notes.listingName}
          initialMode={notes.mode}
          highlightNoteId={notes.highlightNoteId}
          open={notes.open}
          onOpenChange={(open) => setNotes((prev) => (prev ? { ...prev, open } : null))}
        />
      ) : null}
    </div>
  );
}
