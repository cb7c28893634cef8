import {
  DndContext,
  DragOverlay,
  MouseSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
  type DragStartEvent,
} from "@dnd-kit/core";
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
import { boardColumns, boardStageOf, dealStageOf, isBoardStage, withMoves, type BoardStage } from "../lib/deal-board";
import { boardAnnouncements, boardInstructions } from "../lib/deal-board-dnd";
import { activeFilterCount, sortListings } from "../lib/listing-filters";
import { listingViewKey } from "../lib/listing-view-url";
import { DealBoardCardOverlay, type BoardCardActions } from "./deal-board-card";
import { DealBoardColumn } from "./deal-board-column";
import { DealBoardConflictDialog, type StageConflict } from "./deal-board-conflict-dialog";
import { LazyListingDetailDialog } from "./lazy-dialogs";
import { ListingToolbar } from "./listing-toolbar";
import { useFilteredListings } from "./use-filtered-listings";
import { useBoardKeyboardMoves } from "./use-board-keyboard-moves";
import { useListingViewParams } from "./use-listing-view-params";

const BASE_PATH = "/pipeline";

/**
 * The deal board (`/pipeline`): the active listings in columns by deal stage, narrowed by the
 * lists' own search, filters and address parameters (docs/decisions/293-deal-board.md).
 */
export function DealBoardPage() {
  const query = useActiveListings();
  const agents = useAgents().data;
  const { search, setSearch, filters, setFilters, updateFilters, sort, setSort } = useListingViewParams(BASE_PATH);
  const viewKey = useMemo(() => listingViewKey(filters, sort), [filters, sort]);
  const sorted = useMemo(() => sortListings(query.data ?? [], sort), [query.data, sort]);
  const visible = useFilteredListings(sorted, search, filters);
  const saved = useMemo(() => boardColumns(visible), [visible]);
  const order = useMemo(() => new Map(visible.map((listing, i) => [listing.id, i])), [visible]);
  // Moves on their way to the server, shown at once (docs/decisions/296-deal-board-at-scale.md).
  const [moves, setMoves] = useState<ReadonlyMap<string, BoardStage>>(() => new Map());
  const columns = useMemo(() => withMoves(saved, moves, order), [saved, moves, order]);

  const [dragged, setDragged] = useState<ListingSummary | null>(null);
  const [detail, setDetail] = useState<{ listing: ListingSummary; open: boolean } | null>(null);
  const [conflict, setConflict] = useState<StageConflict | null>(null);
  const onConflict = useCallback((c: StageConflict["conflict"], attempted: MoveStageInput) => setConflict({ conflict: c, attempted }), []);
  const { mutate: saveMove } = useMoveListingStage(onConflict);

  const move = useCallback(
    (listing: ListingSummary, stage: BoardStage) => {
      if (boardStageOf(listing) === stage) return;
      const { id } = listing;
      setMoves((prev) => new Map(prev).set(id, stage));
      // Settled: the cached lists now hold the saved stage (or, after a 412, the stage saved meanwhile).
      const settle = () =>
        setMoves((prev) => {
          const next = new Map(prev);
          next.delete(id);
          return next;
        });
      saveMove({ id, dealStage: dealStageOf(stage), version: listing.version }, { onSettled: settle });
    },
    [saveMove],
  );
  const keyboard = useBoardKeyboardMoves(move);
  const { onKey } = keyboard;
  const actions = useMemo<BoardCardActions>(
    () => ({ open: (listing) => setDetail({ listing, open: true }), move, key: onKey }),
    [move, onKey],
  );

  // The mouse, not the pointer: on touch screens a finger scrolls the board and the stage picker
  // moves cards; the keyboard has its own moves (use-board-keyboard-moves.ts).
  const sensors = useSensors(useSensor(MouseSensor, { activationConstraint: { distance: 5 } }));
  const onDragStart = useCallback((event: DragStartEvent) => {
    setDragged((event.active.data.current as { listing: ListingSummary } | undefined)?.listing ?? null);
  }, []);
  const onDragEnd = useCallback(
    (event: DragEndEvent) => {
      setDragged(null);
      const listing = (event.active.data.current as { listing: ListingSummary } | undefined)?.listing;
      const stage = event.over?.id;
      if (listing && isBoardStage(stage)) move(listing, stage);
    },
    [move],
  );

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
          <DndContext
            sensors={sensors}
            onDragStart={onDragStart}
            onDragEnd={onDragEnd}
            onDragCancel={() => setDragged(null)}
            accessibility={{ announcements: boardAnnouncements, screenReaderInstructions: boardInstructions }}
          >
            <div className="flex min-w-0 snap-x gap-3 overflow-x-auto pb-2" aria-busy={query.isPending}>
              {columns.map((column) => (
                <DealBoardColumn
                  key={column.stage}
                  column={column}
                  actions={actions}
                  heldId={keyboard.heldId}
                  keyTarget={keyboard.target === column.stage}
                />
              ))}
            </div>
            <p className="sr-only" role="status" aria-live="assertive" data-testid="board-announcement">
              {keyboard.announcement}
            </p>
            <DragOverlay dropAnimation={null}>{dragged ? <DealBoardCardOverlay listing={dragged} /> : null}</DragOverlay>
          </DndContext>
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
