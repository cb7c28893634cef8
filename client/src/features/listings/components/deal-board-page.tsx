import { RotateCw } from "lucide-react";
import { useCallback, useMemo, useState } from "react";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { useAgents } from "@/features/agents/api/get-agents";
import { errorMessage } from "@/lib/api-client";
import { useActiveListings } from "../api/get-active-listings";
import type { ListingSummary } from "../api/listing-types";
import { useMoveListingStage, type MoveStageInput } from "../api/move-listing-stage";
import { activeFilterCount, sortListings } from "../lib/listing-filters";
import { listingViewKey } from "../lib/listing-view-url";
import { DealBoard } from "./deal-board";
import { DealBoardConflictDialog, type StageConflict } from "./deal-board-conflict-dialog";
import { LazyListingDetailDialog } from "./lazy-dialogs";
import { ListingToolbar } from "./listing-toolbar";
import { useFilteredListings } from "./use-filtered-listings";
import { useListingViewParams } from "./use-listing-view-params";

const BASE_PATH = "/pipeline";

/**
 * The deal board (`/pipeline`): the active listings in columns by deal stage, narrowed by the
 * lists' own search, filters and address parameters.
 */
export function DealBoardPage() {
  const query = useActiveListings();
  const agents = useAgents().data;
  const { search, setSearch, filters, setFilters, updateFilters, sort, setSort } = useListingViewParams(BASE_PATH);
  const viewKey = useMemo(() => listingViewKey(filters, sort), [filters, sort]);
  const sorted = useMemo(() => sortListings(query.data ?? [], sort), [query.data, sort]);
  const visible = useFilteredListings(sorted, search, filters);
  const [detail, setDetail] = useState<{ listing: ListingSummary; open: boolean } | null>(null);
  const open = useCallback((listing: ListingSummary) => setDetail({ listing, open: true }), []);
  const [conflict, setConflict] = useState<StageConflict | null>(null);
  const onConflict = useCallback((c: StageConflict["conflict"], attempted: MoveStageInput) => setConflict({ conflict: c, attempted }), []);
  const { mutate: saveMove } = useMoveListingStage(onConflict);

  const filtered = search.trim() !== "" || activeFilterCount(filters) > 0;
  const total = sorted.length;

  return (
    <div className="grid min-w-0 gap-6">
      <PageHeader title="Deal Board" description="Active listings by deal stage, with each stage's count and totals." />
      <div className="grid min-w-0 gap-4" data-testid="deal-board" data-results={visible.length} data-view={viewKey}>
        <ListingToolbar
          search={search}
          onSearchChange={setSearch}
          filters={filters}
          onFiltersChange={setFilters}
          onFiltersUpdate={updateFilters}
          sort={sort}
          onSortChange={setSort}
          agents={agents}
          trailing={null}
        >
          {query.data ? (
            <p className="text-sm text-muted-foreground" role="status" data-testid="listing-count">
              {filtered
                ? `Showing ${visible.length.toLocaleString()} of ${total.toLocaleString()} listings`
                : `${total.toLocaleString()} listings`}
            </p>
          ) : null}
        </ListingToolbar>
        {query.isError && query.data === undefined ? (
          <EmptyState
            icon={RotateCw}
            title="Could not load listings"
            description={errorMessage(query.error)}
            action={
              <Button variant="outline" onClick={() => void query.refetch()}>
                Try again
              </Button>
            }
          />
        ) : (
          <DealBoard listings={visible} pending={query.isPending} open={open} save={saveMove} />
        )}
      </div>
      <LazyListingDetailDialog
        listingId={detail?.listing.id ?? null}
        summary={detail?.listing}
        open={detail?.open ?? false}
        onOpenChange={(open) => setDetail((prev) => (prev ? { ...prev, open } : null))}
      />
      <DealBoardConflictDialog value={conflict} onClose={() => setConflict(null)} onOverwrite={saveMove} />
    </div>
  );
}
