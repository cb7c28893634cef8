import type { ListingSummary } from "../api/listing-types";
import { BOARD_STAGES, boardStageLabel, boardStageOf, type BoardStage } from "../lib/deal-board";
import { useKeyboardStageMoves } from "@/lib/use-keyboard-stage-moves";

const handleIn = (id: string, stage: BoardStage) =>
  `[data-testid='board-column'][data-stage='${stage}'] [data-listing-id='${id}'] [data-testid='board-card-handle']`;

/** The deal board's keyboard moves (client/src/lib/use-keyboard-stage-moves.ts) over its listings and stages. */
export function useBoardKeyboardMoves(move: (listing: ListingSummary, stage: BoardStage) => void) {
  return useKeyboardStageMoves<ListingSummary, BoardStage>({
    stages: BOARD_STAGES,
    idOf: (listing) => listing.id,
    nameOf: (listing) => listing.listingName,
    stageOf: boardStageOf,
    stageLabel: boardStageLabel,
    move,
    handleIn,
  });
}
