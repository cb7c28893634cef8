import {
  DndContext,
  DragOverlay,
  MouseSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
  type DragStartEvent,
} from "@dnd-kit/core";
import { memo, useCallback, useMemo, useState } from "react";
import { afterNextPaint } from "@/lib/after-next-paint";
import type { ListingSummary } from "../api/listing-types";
import type { MoveStageInput } from "../api/move-listing-stage";
import { boardColumns, boardStageOf, dealStageOf, isBoardStage, withMoves, type BoardStage } from "../lib/deal-board";
import { boardAnnouncements, boardInstructions } from "../lib/deal-board-dnd";
import { DealBoardCardOverlay, type BoardCardActions } from "./deal-board-card";
import { DealBoardColumn } from "./deal-board-column";
import { useBoardKeyboardMoves } from "./use-board-keyboard-moves";

interface DealBoardProps {
  /** The listings shown, filtered and in order. */
  listings: readonly ListingSummary[];
  pending: boolean;
  open(listing: ListingSummary): void;
  /** Saves a move; `onSettled` runs once the cached lists hold the outcome. */
  save(input: MoveStageInput, callbacks: { onSettled: () => void }): void;
}

/**
 * The board's columns and its moves: the mouse's drag and drop, the keyboard's and the stage
 * picker's. Apart from the page, so a drop renders the board and not the toolbar above it
 * (docs/decisions/archive/317-deal-board-drop-frame.md).
 */
export const DealBoard = memo(function DealBoard({ listings, pending, open, save }: DealBoardProps) {
  const saved = useMemo(() => boardColumns(listings), [listings]);
  const order = useMemo(() => new Map(listings.map((listing, i) => [listing.id, i])), [listings]);
  // Moves on their way to the server, shown at once.
  const [moves, setMoves] = useState<ReadonlyMap<string, BoardStage>>(() => new Map());
  const columns = useMemo(() => withMoves(saved, moves, listings, order), [saved, moves, listings, order]);
  const [dragged, setDragged] = useState<ListingSummary | null>(null);

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
      // The request waits for the frame that shows the move: starting it cost that frame
      // milliseconds.
      afterNextPaint(() => save({ id, dealStage: dealStageOf(stage), version: listing.version }, { onSettled: settle }));
    },
    [save],
  );
  const keyboard = useBoardKeyboardMoves(move);
  const { onKey } = keyboard;
  const actions = useMemo<BoardCardActions>(() => ({ open, move, key: onKey }), [open, move, onKey]);

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
  const onDragCancel = useCallback(() => setDragged(null), []);

  return (
    <DndContext
      sensors={sensors}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={onDragCancel}
      accessibility={{ announcements: boardAnnouncements, screenReaderInstructions: boardInstructions }}
    >
      <div className="flex min-w-0 snap-x gap-3 overflow-x-auto pb-2" aria-busy={pending}>
        {columns.map((column) => (
          <DealBoardColumn key={column.stage} column={column} actions={actions} heldId={keyboard.heldId} keyTarget={keyboard.target === column.stage} />
        ))}
      </div>
      <p className="sr-only" role="status" aria-live="assertive" data-testid="board-announcement">
        {keyboard.announcement}
      </p>
      <DragOverlay dropAnimation={null}>{dragged ? <DealBoardCardOverlay listing={dragged} /> : null}</DragOverlay>
    </DndContext>
  );
});
