import { useDraggable } from "@dnd-kit/core";
import { GripVertical } from "lucide-react";
import { memo } from "react";
import { formatDollars } from "@shared/parse/money";
import { NativeSelect } from "@/components/ui/native-select";
import { cn } from "@/lib/cn";
import type { ListingSummary } from "../api/listing-types";
import { BOARD_STAGES, boardStageLabel, boardStageOf, isBoardStage, type BoardStage } from "../lib/deal-board";
import { cityState } from "../lib/listing-text";

export interface BoardCardActions {
  open(listing: ListingSummary): void;
  move(listing: ListingSummary, stage: BoardStage): void;
  /** A key pressed on the card's handle (use-board-keyboard-moves.ts); true when it was used. */
  key(listing: ListingSummary, key: string): boolean;
}

interface DealBoardCardProps {
  listing: ListingSummary;
  actions: BoardCardActions;
  /** Picked up from the keyboard and not yet dropped. */
  held?: boolean;
}

function CardBody({ listing }: { listing: ListingSummary }) {
  return (
    <>
      <p className="truncate text-xs text-muted-foreground">{cityState(listing)}</p>
      <p className="flex min-w-0 gap-2 text-xs tabular-nums">
        <span className="shrink-0">{listing.askingPrice != null ? formatDollars(listing.askingPrice) : listing.offeringType}</span>
        {listing.agentName ? <span className="min-w-0 truncate text-muted-foreground">{listing.agentName}</span> : null}
      </p>
    </>
  );
}

/**
 * One listing on the deal board. The mouse drags it by any part; the keyboard picks it up from
 * its handle (Space, arrows between columns, Space to drop, Escape to cancel); on a touch screen
 * or a phone a stage picker moves it instead.
 *
 * Only this thin part follows dnd-kit's context, which changes for every mounted card when a drag
 * starts, crosses a column and ends; what it hands on is stable for all but the dragged card, so
 * the card's own markup renders again only for that one.
 */
export const DealBoardCard = memo(function DealBoardCard({ listing, actions, held = false }: DealBoardCardProps) {
  const { setNodeRef, listeners, attributes, isDragging } = useDraggable({ id: listing.id, data: { listing } });
  return <CardView listing={listing} actions={actions} held={held} nodeRef={setNodeRef} listeners={listeners} attributes={attributes} dragging={isDragging} />;
});

type Draggable = ReturnType<typeof useDraggable>;

interface CardViewProps extends Required<DealBoardCardProps> {
  nodeRef: Draggable["setNodeRef"];
  listeners: Draggable["listeners"];
  attributes: Draggable["attributes"];
  dragging: boolean;
}

const CardView = memo(function CardView({ listing, actions, held, nodeRef, listeners, attributes, dragging }: CardViewProps) {
  const stage = boardStageOf(listing);
  return (
    <article
      ref={nodeRef}
      {...listeners}
      data-testid="board-card"
      data-listing-id={listing.id}
      aria-label={listing.listingName}
      className={cn(
        // One column that never grows past the card: long names wrap inside it, nothing spills into the next column.
        "grid min-w-0 grid-cols-[minmax(0,1fr)] gap-1 rounded-lg border bg-card p-3 text-card-foreground shadow-xs",
        dragging && "opacity-40",
        held && "ring-2 ring-primary",
      )}
    >
      <div className="flex items-start gap-1">
        <button
          type="button"
          className="min-w-0 flex-1 text-left text-sm font-medium [overflow-wrap:anywhere] hover:underline pointer-coarse:min-h-11"
          data-testid="board-card-name"
          onClick={() => actions.open(listing)}
        >
          {listing.listingName}
        </button>
        <button
          type="button"
          {...attributes}
          // The mouse drags the whole card; the keyboard moves it from here (not dnd-kit's sensor).
          onKeyDown={(event) => {
            if (actions.key(listing, event.key)) event.preventDefault();
          }}
          onBlur={() => actions.key(listing, "Escape")}
          aria-pressed={held}
          aria-label={`Move ${listing.listingName}`}
          data-testid="board-card-handle"
          className="-mr-1 -mt-1 flex size-7 shrink-0 cursor-grab items-center justify-center rounded-md text-muted-foreground hover:bg-muted pointer-coarse:hidden"
        >
          <GripVertical aria-hidden className="size-4" />
        </button>
      </div>
      <CardBody listing={listing} />
      <NativeSelect
        aria-label={`Deal stage of ${listing.listingName}`}
        data-testid="board-stage-picker"
        value={stage}
        onChange={(event) => {
          if (isBoardStage(event.target.value)) actions.move(listing, event.target.value);
        }}
        // Touch screens and narrow windows move cards with this instead of dragging.
        className="mt-1 hidden h-11 max-md:block pointer-coarse:block"
      >
        {BOARD_STAGES.map((option) => (
          <option key={option} value={option}>
            {boardStageLabel(option)}
          </option>
        ))}
      </NativeSelect>
    </article>
  );
});

/** What follows the pointer while a card is dragged. */
export function DealBoardCardOverlay({ listing }: { listing: ListingSummary }) {
  return (
    <div className="grid w-64 cursor-grabbing grid-cols-[minmax(0,1fr)] gap-1 rounded-lg border bg-card p-3 text-card-foreground shadow-lg">
      <p className="text-sm font-medium [overflow-wrap:anywhere]">{listing.listingName}</p>
      <CardBody listing={listing} />
    </div>
  );
}
