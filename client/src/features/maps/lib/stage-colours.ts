// Markers are coloured by deal stage; a cluster takes the
// colour of the stage most of its listings are in, so a glance shows where the deals stand.
import { DEAL_STAGES } from "@shared/listing-fact-choices";

export const NO_STAGE = "No stage";

/** The legend, in the deal board's column order. Colours keep at least 3:1 against white text. */
export const STAGE_COLOURS: readonly { stage: string; colour: string }[] = [
  { stage: NO_STAGE, colour: "#475569" },
  { stage: DEAL_STAGES[0], colour: "#7c3aed" }, // Proposal
  { stage: DEAL_STAGES[1], colour: "#1d4ed8" }, // Active
  { stage: DEAL_STAGES[2], colour: "#b45309" }, // Under Contract
  { stage: DEAL_STAGES[3], colour: "#15803d" }, // Closed
  { stage: DEAL_STAGES[4], colour: "#be123c" }, // Withdrawn
  { stage: DEAL_STAGES[5], colour: "#78350f" }, // Expired
];

const BY_STAGE = new Map(STAGE_COLOURS.map((s) => [s.stage, s.colour]));

/** The stage a marker counts a listing under: its deal stage, or "No stage". */
export const stageOf = (dealStage: string | null | undefined) => (dealStage && BY_STAGE.has(dealStage) ? dealStage : NO_STAGE);

export const stageColour = (dealStage: string | null | undefined) => BY_STAGE.get(stageOf(dealStage)) as string;

/** Listings per stage, as a cluster carries them. */
export type StageCounts = Record<string, number>;

/**
 * The stage most of a cluster's listings are in; a tie goes to the stage further along the
 * board (a Closed deal says more than a Proposal), "No stage" last.
 */
export function dominantStage(counts: StageCounts): string {
  let best = NO_STAGE;
  let bestCount = 0;
  for (const { stage } of STAGE_COLOURS) {
    const n = counts[stage] ?? 0;
    if (n > 0 && n >= bestCount) {
      best = stage;
      bestCount = n;
    }
  }
  return best;
}
