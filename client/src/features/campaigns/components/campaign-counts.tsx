import type { Campaign } from "@shared/campaigns";
import { COUNT_LABELS } from "../lib/campaign-status";

/**
 * The campaign's counts as the server computes them; bounces, clicks and inquiries stay 0 until
 * they are recorded, never estimated. Opens only when the campaign counts them, with their warning.
 */
export function CampaignCounts({ campaign, compact = false }: { campaign: Campaign; compact?: boolean }) {
  const counted = COUNT_LABELS.filter(([key]) => campaign.counts[key] !== null);
  const shown = compact ? counted.filter(([key]) => key === "recipients" || key === "delivered" || key === "unsubscribed") : counted;
  return (
    <>
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
      {!compact && campaign.counts.opens !== null ? (
        <p className="mt-2 text-xs text-muted-foreground">
          Opens are unreliable: Apple Mail and some mail gateways load every picture on delivery, opened or not, and many readers block pictures. Clicks and inquiries say more.
        </p>
      ) : null}
    </>
  );
}
