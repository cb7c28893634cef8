// What a campaign's status means on screen, and which moves the server accepts from it
// (docs/guides/campaigns.md): the page offers only those, so a button never answers 409.
import type { Campaign, CampaignAudience, CampaignCounts, CampaignStatus } from "@shared/campaigns";

export const STATUS_LABELS: Record<CampaignStatus, string> = {
  draft: "Draft",
  scheduled: "Scheduled",
  sending: "Sending",
  paused: "Paused",
  sent: "Sent",
  cancelled: "Cancelled",
};

export const STATUS_BADGE: Record<CampaignStatus, "muted" | "default" | "warning" | "success" | "outline"> = {
  draft: "muted",
  scheduled: "default",
  sending: "default",
  paused: "warning",
  sent: "success",
  cancelled: "outline",
};

export interface Moves {
  send: boolean;
  pause: boolean;
  resume: boolean;
  cancel: boolean;
}

export function movesOf(status: CampaignStatus): Moves {
  return {
    send: status === "draft" || status === "scheduled",
    pause: status === "sending",
    resume: status === "paused",
    cancel: status === "draft" || status === "scheduled" || status === "sending" || status === "paused",
  };
}

/** The counts in the order a broker reads them; machine clicks apart from people's. */
export const COUNT_LABELS: [keyof CampaignCounts, string][] = [
  ["recipients", "Recipients"],
  ["delivered", "Delivered"],
  ["bounced", "Bounced"],
  ["unsubscribed", "Unsubscribed"],
  ["clicks", "Clicks"],
  ["machineClicks", "Machine clicks"],
  ["inquiries", "Inquiries"],
  // Only when the campaign counts opens (null otherwise), and never without its warning.
  ["opens", "Opens (unreliable)"],
];

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;

/** What an audience names, for when its reach is not known yet: "2 lists, 1 segment and 3 contacts". */
export function audienceSummary(a: CampaignAudience): string {
  const parts = [
    a.listIds.length ? plural(a.listIds.length, "list") : null,
    a.segmentIds.length ? plural(a.segmentIds.length, "segment") : null,
    a.contactIds.length ? plural(a.contactIds.length, "contact") : null,
  ].filter((p): p is string => p !== null);
  if (parts.length === 0) return "No one yet";
  return parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(", ")} and ${parts[parts.length - 1]}`;
}

/** The time line under a campaign's name. */
export function whenLine(c: Pick<Campaign, "status" | "scheduledAt" | "startedAt" | "finishedAt" | "updatedAt">, format: (iso: string) => string): string {
  if (c.status === "scheduled" && c.scheduledAt) return `Sends ${format(c.scheduledAt)}`;
  if (c.status === "sent" && c.finishedAt) return `Sent ${format(c.finishedAt)}`;
  if (c.startedAt) return `Started ${format(c.startedAt)}`;
  return `Edited ${format(c.updatedAt)}`;
}
