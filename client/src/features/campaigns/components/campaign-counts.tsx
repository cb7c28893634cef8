import type { Campaign } from "@shared/campaigns";
import { COUNT_LABELS } from "../lib/campaign-status";

/** The campaign's counts as the server computes them; bounces, clicks and inquiries stay 0 until they are recorded, never estimated. */
export function CampaignCounts({ campaign, compact = false }: { campaign: Campaign; compact?: boolean }) {
  const shown = compact ? COUNT_LABELS.filter(([key]) => key === "recipients" || key === "delivered" || key === "unsubscribed") : COUNT_LABELS;
  return (
    <dl className={compact ? "flex flex-wrap gap-x-4 gap-y-1 text-sm" : "grid grid-cols-2 gap-3 text-sm sm:grid-cols-4 lg:grid-cols-7"} data-testid="campaign-counts">
      {shown.map(([key, label]) => (
        <div key={key} className={compact ? "flex gap-1" : "grid gap-0.5 rounded-md border p-2"}>
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="font-semibold tabular-nums" data-count={key}>
            {campaign.counts[key]}
          </dd>
        </div>
      ))}
    </dl>
  );
}
