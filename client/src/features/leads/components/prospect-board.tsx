// A listing's prospects as a board (docs/decisions/309-prospect-board.md): a column per stage with
// its count; the mouse drags, the keyboard moves from a card's handle, a phone picks the stage.
import { DndContext, MouseSensor, useDroppable, useSensor, useSensors, type Announcements, type DragEndEvent } from "@dnd-kit/core";
import { useCallback, useMemo } from "react";
import { PROSPECT_STAGES, type Prospect, type ProspectStage } from "@shared/leads";
import { PROSPECT_STAGE_LABELS } from "@shared/prospects";
import { cn } from "@/lib/cn";
import { useKeyboardStageMoves } from "@/lib/use-keyboard-stage-moves";
import { ProspectCard, type ProspectCardActions } from "./prospect-card";
import type { ProspectMenuActions } from "./prospect-card-menu";

const isStage = (value: unknown): value is ProspectStage => PROSPECT_STAGES.includes(value as ProspectStage);
const label = (stage: ProspectStage) => PROSPECT_STAGE_LABELS[stage];
const handleIn = (id: string, stage: ProspectStage) =>
  `[data-testid='prospect-column'][data-stage='${stage}'] [data-lead-id='${id}'] [data-testid='prospect-card-handle']`;

type Dragged = { data: { current?: unknown } };
const nameOf = (active: Dragged) => (active.data.current as { prospect?: Prospect } | undefined)?.prospect?.name ?? "The prospect";
const stageName = (id: unknown) => (isStage(id) ? label(id) : "no stage");
const announcements: Announcements = {
  onDragStart: ({ active }) => `Picked up ${nameOf(active)}.`,
  onDragOver: ({ active, over }) => `${nameOf(active)} is over ${stageName(over?.id)}.`,
  onDragEnd: ({ active, over }) => (over ? `${nameOf(active)} moved to ${stageName(over.id)}.` : `${nameOf(active)} was dropped outside the stages.`),
  onDragCancel: ({ active }) => `Moving cancelled; ${nameOf(active)} stays.`,
};
const instructions = {
  draggable: "To move this prospect to another stage, press Space, then the left and right arrow keys to choose the stage, Space or Enter to drop it there, or Escape to cancel.",
};

function ProspectColumn({ stage, prospects, actions, heldId, keyTarget }: { stage: ProspectStage; prospects: Prospect[]; actions: ProspectCardActions; heldId: string | null; keyTarget: boolean }) {
  const { setNodeRef, isOver } = useDroppable({ id: stage });
  const headingId = `prospect-column-${stage}`;
  return (
    <section
      ref={setNodeRef}
      aria-labelledby={headingId}
      data-testid="prospect-column"
      data-stage={stage}
      className={cn("flex w-52 shrink-0 snap-start flex-col rounded-xl border bg-muted/40 max-sm:w-[75vw]", (isOver || keyTarget) && "border-primary ring-2 ring-primary/30")}
    >
      <h3 id={headingId} className="flex items-baseline justify-between gap-2 border-b px-3 py-2 text-sm font-semibold">
        {label(stage)}
        <span className="rounded-full bg-surface px-2 text-xs font-medium tabular-nums shadow-xs" data-testid="prospect-count">
          {prospects.length}
        </span>
      </h3>
      <ul className="grid min-h-24 content-start gap-2 p-2" aria-label={`${label(stage)} prospects`}>
        {prospects.map((p) => (
          <li key={p.leadId}>
            <ProspectCard prospect={p} actions={actions} held={String(p.leadId) === heldId} />
          </li>
        ))}
      </ul>
    </section>
  );
}

interface ProspectBoardProps {
  prospects: Prospect[];
  onMove(prospect: Prospect, stage: ProspectStage): void;
  /** The cards' menus; stable, so a move re-renders only the cards it moves. */
  menu: ProspectMenuActions;
}

export function ProspectBoard({ prospects, onMove, menu }: ProspectBoardProps) {
  const move = useCallback((prospect: Prospect, stage: ProspectStage) => {
    if (prospect.stage !== stage) onMove(prospect, stage);
  }, [onMove]);
  const keyboard = useKeyboardStageMoves<Prospect, ProspectStage>({
    stages: PROSPECT_STAGES,
    idOf: (p) => String(p.leadId),
    nameOf: (p) => p.name,
    stageOf: (p) => p.stage,
    stageLabel: label,
    move,
    handleIn,
  });
  const { onKey } = keyboard;
  const actions = useMemo<ProspectCardActions>(() => ({ move, key: onKey, note: menu.note, remove: menu.remove }), [move, onKey, menu]);
  const byStage = useMemo(() => new Map(PROSPECT_STAGES.map((s) => [s, prospects.filter((p) => p.stage === s)])), [prospects]);
  // The mouse, not the pointer: on touch screens a finger scrolls and the stage picker moves.
  const sensors = useSensors(useSensor(MouseSensor, { activationConstraint: { distance: 5 } }));
  const onDragEnd = useCallback(
    (event: DragEndEvent) => {
      const prospect = (event.active.data.current as { prospect?: Prospect } | undefined)?.prospect;
      if (prospect && isStage(event.over?.id)) move(prospect, event.over.id);
    },
    [move],
  );
  return (
    <DndContext sensors={sensors} onDragEnd={onDragEnd} accessibility={{ announcements, screenReaderInstructions: instructions }}>
      <div
        className="flex min-w-0 snap-x gap-2 overflow-x-auto pb-2"
        data-testid="prospect-board"
        role="region"
        aria-label="Prospects by stage"
        // Focusable so the columns scroll sideways from the keyboard even when no card is there to
        // focus (axe: scrollable-region-focusable), as FailedRows does.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- see the line above
        tabIndex={0}
      >
        {PROSPECT_STAGES.map((stage) => (
          <ProspectColumn key={stage} stage={stage} prospects={byStage.get(stage) ?? []} actions={actions} heldId={keyboard.heldId} keyTarget={keyboard.target === stage} />
        ))}
      </div>
      <p className="sr-only" role="status" aria-live="assertive" data-testid="prospect-announcement">
        {keyboard.announcement}
      </p>
    </DndContext>
  );
}
