// A lead's activity line for one of its pipeline entries (written by server/features/prospects):
// the stage move or note, and on which listing. Becoming a prospect is already the interest's line.
import { PROSPECT_STAGES, type ProspectStage } from "../../../shared/leads.js";
import { PROSPECT_KINDS, PROSPECT_STAGE_LABELS } from "../../../shared/prospects.js";

const stageLabel = (value: unknown) => (PROSPECT_STAGES.includes(value as ProspectStage) ? PROSPECT_STAGE_LABELS[value as ProspectStage] : "another stage");

export function pipelineEntryText(kind: string, data: Record<string, unknown>): string | null {
  const listing = typeof data.listingName === "string" ? data.listingName : "a listing";
  const note = typeof data.note === "string" ? `: ${data.note}` : "";
  switch (kind) {
    case PROSPECT_KINDS.moved: {
      const [from, to] = ((data.changes as Record<string, unknown> | undefined)?.stage as unknown[] | undefined) ?? [];
      return `Moved from ${stageLabel(from)} to ${stageLabel(to)} on ${listing}${note}`;
    }
    case PROSPECT_KINDS.noted:
      return `Note on ${listing}${note}`;
    case PROSPECT_KINDS.removed:
      return `Removed from the prospects of ${listing}`;
    default:
      return null;
  }
}
