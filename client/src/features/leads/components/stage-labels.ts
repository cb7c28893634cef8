import type { ProspectStage } from "@shared/leads";

export const STAGE_LABELS: Record<ProspectStage, string> = {
  inquired: "Inquired",
  contacted: "Contacted",
  toured: "Toured",
  offer: "Offer / LOI",
  underContract: "Under contract",
  closed: "Closed",
  lost: "Lost",
};
