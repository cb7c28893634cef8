import { useDraggable } from "@dnd-kit/core";
import { GripVertical } from "lucide-react";
import { memo, useState } from "react";
import { PROSPECT_STAGES, type Prospect, type ProspectStage } from "@shared/leads";
import { PROSPECT_STAGE_LABELS } from "@shared/prospects";
import { NativeSelect } from "@/components/ui/native-select";
import { cn } from "@/lib/cn";
import { ProspectCardMenu, type ProspectMenuActions } from "./prospect-card-menu";

export interface ProspectCardActions extends ProspectMenuActions {
  move(prospect: Prospect, stage: ProspectStage): void;
  /** A key pressed on the card's handle (client/src/lib/use-keyboard-stage-moves.ts); true when used. */
  key(prospect: Prospect, key: string): boolean;
}

/** Longer than this (or on several lines), the message shows its start and a "more" to read it whole. */
const SHORT_MESSAGE = 90;

/** What the prospect last wrote about this listing, shortened until asked. */
function LatestMessage({ name, text }: { name: string; text: string }) {
  const [open, setOpen] = useState(false);
  const long = text.length > SHORT_MESSAGE || text.includes("\n");
  const shown = open || !long ? text : `${text.replace(/\s+/g, " ").slice(0, SHORT_MESSAGE - 1)}…`;
  return (
    <p className="text-xs break-words whitespace-pre-wrap" data-testid="prospect-message">
      “{shown}”
      {long ? (
        <>
          {" "}
          <button
            type="button"
            className="inline-flex items-center font-medium text-primary underline-offset-4 hover:underline pointer-coarse:min-h-11 pointer-coarse:min-w-11 pointer-coarse:justify-center"
            aria-expanded={open}
            aria-label={open ? `Show less of ${name}'s message` : `Show all of ${name}'s message`}
            onClick={() => setOpen(!open)}
          >
            {open ? "less" : "more"}
          </button>
        </>
      ) : null}
    </p>
  );
}

/**
 * One prospect on the listing's board: the mouse drags the card, the keyboard moves it from its
 * handle, and on a touch screen or a narrow window a stage picker moves it instead (as the deal
 * board's cards). Its menu moves with a note and removes it.
 */
export const ProspectCard = memo(function ProspectCard({ prospect, actions, held }: { prospect: Prospect; actions: ProspectCardActions; held: boolean }) {
  const { setNodeRef, listeners, attributes, isDragging } = useDraggable({ id: String(prospect.leadId), data: { prospect } });
  return (
    <article
      ref={setNodeRef}
      {...listeners}
      data-testid="prospect-card"
      data-lead-id={prospect.leadId}
      aria-label={prospect.name}
      className={cn("grid gap-0.5 rounded-lg border bg-card p-2.5 text-sm text-card-foreground shadow-xs", isDragging && "opacity-40", held && "ring-2 ring-primary")}
    >
      <div className="flex items-start gap-1">
        <span className="min-w-0 flex-1 font-medium break-words">{prospect.name}</span>
        <button
          type="button"
          {...attributes}
          onKeyDown={(event) => {
            if (actions.key(prospect, event.key)) event.preventDefault();
          }}
          onBlur={() => actions.key(prospect, "Escape")}
          aria-pressed={held}
          aria-label={`Move ${prospect.name}`}
          data-testid="prospect-card-handle"
          className="-mr-1 -mt-1 flex size-7 shrink-0 cursor-grab items-center justify-center rounded-md text-muted-foreground hover:bg-muted pointer-coarse:hidden"
        >
          <GripVertical aria-hidden className="size-4" />
        </button>
        <ProspectCardMenu prospect={prospect} actions={actions} />
      </div>
      {prospect.company ? <span className="truncate text-xs text-muted-foreground">{prospect.company}</span> : null}
      <span className="break-all text-xs text-muted-foreground">{prospect.email}</span>
      {prospect.latestMessage ? <LatestMessage name={prospect.name} text={prospect.latestMessage} /> : null}
      <span className="text-xs text-muted-foreground">Last activity {new Date(prospect.lastActivityAt).toLocaleDateString()}</span>
      <NativeSelect
        aria-label={`Stage of ${prospect.name}`}
        data-testid="prospect-stage-picker"
        value={prospect.stage}
        onChange={(event) => actions.move(prospect, event.target.value as ProspectStage)}
        // Touch screens and narrow windows move cards with this instead of dragging.
        className="mt-1 hidden h-11 max-md:block pointer-coarse:block"
      >
        {PROSPECT_STAGES.map((stage) => (
          <option key={stage} value={stage}>
            {PROSPECT_STAGE_LABELS[stage]}
          </option>
        ))}
      </NativeSelect>
    </article>
  );
});
