import { useDroppable } from "@dnd-kit/core";
import { useWindowVirtualizer } from "@tanstack/react-virtual";
import { memo, useCallback } from "react";
import { formatDollars } from "@shared/parse/money";
import { cn } from "@/lib/cn";
import { boardStageLabel, type BoardColumn } from "../lib/deal-board";
import { DealBoardCard, type BoardCardActions } from "./deal-board-card";
import { useContainerGeometry } from "@/lib/use-container-geometry";

// A card's height before it is measured (title, place, price; the stage picker on touch screens).
const CARD_ESTIMATE = 96;
const CARD_GAP = 8;

function ColumnTotals({ column }: { column: BoardColumn }) {
  return (
    <p className="text-xs tabular-nums text-muted-foreground" data-testid="board-totals">
      <span title="Total asking price">{formatDollars(column.askingTotal)}</span>
      {column.rentCount > 0 ? (
        <span title={`Total annual rent of ${column.rentCount} ${column.rentCount === 1 ? "lease" : "leases"} with a known size and rate`}>
          {" · "}
          {formatDollars(column.rentTotal)}/yr rent
        </span>
      ) : null}
    </p>
  );
}

/**
 * One deal stage: its count and totals, and its cards virtualized against the page's scroll (as
 * the lists are), so a column of thousands keeps a dozen cards in the page.
 */
interface DealBoardColumnProps {
  column: BoardColumn;
  actions: BoardCardActions;
  /** The card picked up from the keyboard, and whether this column is where it would drop. */
  heldId: string | null;
  keyTarget: boolean;
}

// Only this thin part follows dnd-kit's context (it changes for every column when a drag starts,
// crosses a column and ends); the column itself renders again when its listings or its highlight
// change.
export const DealBoardColumn = memo(function DealBoardColumn({ column, actions, heldId, keyTarget }: DealBoardColumnProps) {
  const { setNodeRef, isOver } = useDroppable({ id: column.stage });
  return <ColumnView column={column} actions={actions} heldId={heldId} highlighted={isOver || keyTarget} nodeRef={setNodeRef} />;
});

interface ColumnViewProps extends Omit<DealBoardColumnProps, "keyTarget"> {
  /** A card is dragged over it, or the keyboard would drop there. */
  highlighted: boolean;
  nodeRef: (element: HTMLElement | null) => void;
}

const estimateSize = () => CARD_ESTIMATE;

const ColumnView = memo(function ColumnView({ column, actions, heldId, highlighted, nodeRef }: ColumnViewProps) {
  const { ref, offsetTop } = useContainerGeometry();
  const { listings } = column;
  // Slots follow listings, not positions: a card that moves keeps its own measured height. The
  // same function while the listings are the same, as the virtualizer measures every slot again
  // when it changes.
  const getItemKey = useCallback((index: number) => listings[index]!.id, [listings]);
  const virtualizer = useWindowVirtualizer({
    count: listings.length,
    estimateSize,
    scrollMargin: offsetTop,
    gap: CARD_GAP,
    overscan: 4,
    getItemKey,
  });
  const label = boardStageLabel(column.stage);
  const headingId = `board-column-${column.stage.replace(/\s+/g, "-")}`;

  return (
    <section
      ref={nodeRef}
      aria-labelledby={headingId}
      data-testid="board-column"
      data-stage={column.stage}
      className={cn(
        "flex w-72 shrink-0 snap-start flex-col rounded-xl border bg-muted/40 max-sm:w-[85vw]",
        highlighted && "border-primary ring-2 ring-primary/30",
      )}
    >
      <header className="grid gap-0.5 border-b px-3 py-2">
        <h2 id={headingId} className="flex items-baseline justify-between gap-2 text-sm font-semibold">
          {label}
          <span className="rounded-full bg-surface px-2 text-xs font-medium tabular-nums shadow-xs" data-testid="board-count">
            {listings.length.toLocaleString()}
          </span>
        </h2>
        <ColumnTotals column={column} />
      </header>
      <div className="min-h-40 p-2">
        <div ref={ref} role="list" className="relative" style={{ height: virtualizer.getTotalSize() }} aria-label={`${label} listings`}>
          {virtualizer.getVirtualItems().map((item) => (
            <div
              role="listitem"
              key={item.key}
              data-index={item.index}
              ref={virtualizer.measureElement}
              className="absolute inset-x-0 top-0"
              style={{ transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)` }}
            >
              <DealBoardCard listing={listings[item.index]!} actions={actions} held={listings[item.index]!.id === heldId} />
            </div>
          ))}
        </div>
      </div>
    </section>
  );
});
