// The listing's email campaigns in its marketing panel (docs/guides/campaigns.md): each with its
// status, when it sent or sends, and the counts as the server keeps them (machine clicks apart
// from people's), linking to the campaign; and a new campaign about the listing.
import type { MarketingCampaign } from "@shared/public-page";
import { Plus } from "lucide-react";
import { Link } from "wouter";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { formatDateTime } from "@/lib/format-date";
import { COUNT_LABELS, STATUS_BADGE, STATUS_LABELS, whenLine } from "../lib/campaign-status";
import { newCampaignHref } from "./email-listing-link";

function CampaignItem({ campaign }: { campaign: MarketingCampaign }) {
  return (
    <li className="grid gap-1.5 border-t pt-2 text-sm" data-testid="listing-campaign">
      <div className="flex min-w-0 flex-wrap items-center gap-2">
        <Link href={`/campaigns/${campaign.id}`} className="min-w-0 truncate font-medium text-primary underline">
          {campaign.name}
        </Link>
        <Badge variant={STATUS_BADGE[campaign.status]}>{STATUS_LABELS[campaign.status]}</Badge>
      </div>
      <p className="text-xs text-muted-foreground">{whenLine(campaign, formatDateTime)}</p>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-xs">
        {/* Opens only when the campaign counts them (null otherwise), under their "unreliable" label. */}
        {COUNT_LABELS.filter(([key]) => campaign.counts[key] !== null).map(([key, label]) => (
          <div key={key} className="flex min-w-0 justify-between gap-1">
            <dt className="truncate text-muted-foreground">{label}</dt>
            <dd className="font-semibold tabular-nums" data-count={key}>
              {(campaign.counts[key] ?? 0).toLocaleString("en-US")}
            </dd>
          </div>
        ))}
      </dl>
    </li>
  );
}

/** `campaigns` from the listing's marketing figures (GET /api/listings/:id/marketing); undefined while they load. */
export function ListingCampaigns({ listingId, listingName, campaigns }: { listingId: string; listingName: string; campaigns: readonly MarketingCampaign[] | undefined }) {
  return (
    <div className="grid gap-2" data-testid="listing-campaigns">
      <div className="flex justify-end">
        <Button variant="outline" size="sm" asChild>
          <Link href={newCampaignHref(listingId, listingName)}>
            <Plus aria-hidden />
            New campaign
          </Link>
        </Button>
      </div>
      {campaigns === undefined ? null : campaigns.length === 0 ? (
        <p className="text-sm text-muted-foreground">No campaign has been sent or scheduled about this listing. Drafts wait on the Campaigns page.</p>
      ) : (
        <>
          <ul className="grid gap-2">
            {campaigns.map((c) => (
              <CampaignItem key={c.id} campaign={c} />
            ))}
          </ul>
          <p className="text-xs text-muted-foreground">Machine clicks are link scanners and previews, counted apart from people&apos;s clicks.</p>
        </>
      )}
    </div>
  );
}
