// What the deal board's drag and drop says to a screen reader, and how its keyboard moves step
// (docs/decisions/295-deal-board-moves.md).
import type { Announcements, ScreenReaderInstructions } from "@dnd-kit/core";
import { stepThrough } from "@/lib/use-keyboard-stage-moves";
import type { ListingSummary } from "../api/listing-types";
import { BOARD_STAGES, boardStageLabel, boardStageOf, isBoardStage, type BoardStage } from "./deal-board";

export const boardInstructions: ScreenReaderInstructions = {
  draggable:
    "To move this listing to another deal stage, press Space, then the left and right arrow keys to choose the stage, Space or Enter to drop it there, or Escape to cancel.",
};

type Dragged = { data: { current?: { listing?: ListingSummary } } | { current?: unknown } };

const nameOf = (active: Dragged): string => (active.data.current as { listing?: ListingSummary } | undefined)?.listing?.listingName ?? "The listing";
const fromOf = (active: Dragged): string => {
  const listing = (active.data.current as { listing?: ListingSummary } | undefined)?.listing;
  return listing ? boardStageLabel(boardStageOf(listing)) : "its stage";
};
const stageName = (id: unknown): string => (isBoardStage(id) ? boardStageLabel(id) : String(id));

export const boardAnnouncements: Announcements = {
  onDragStart: ({ active }) => `Picked up ${nameOf(active)}, in ${fromOf(active)}.`,
  onDragOver: ({ active, over }) => (over ? `${nameOf(active)} is over ${stageName(over.id)}.` : `${nameOf(active)} is over no stage.`),
  onDragEnd: ({ active, over }) =>
    over ? `${nameOf(active)} moved to ${stageName(over.id)}.` : `${nameOf(active)} was dropped outside the stages; it stays in ${fromOf(active)}.`,
  onDragCancel: ({ active }) => `Moving cancelled; ${nameOf(active)} stays in ${fromOf(active)}.`,
};

/** The stage an arrow key leads to from `stage`: the next or previous column, staying at the ends. */
export const stepStage = (stage: BoardStage, step: 1 | -1): BoardStage => stepThrough(BOARD_STAGES, stage, step);
