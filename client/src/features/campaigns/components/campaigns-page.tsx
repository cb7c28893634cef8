// The Campaigns page (docs/guides/campaigns.md): every campaign, newest first, with its status
// and counts (following a send as it goes), and the way to a new one.
import { Mail, Plus } from "lucide-react";
import { Link } from "wouter";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState, LoadFailed } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { PageSpinner } from "@/components/ui/spinner";
import { formatDateTime } from "@/lib/format-date";
import { useCampaigns } from "../api/campaigns";
import { STATUS_BADGE, STATUS_LABELS, whenLine } from "../lib/campaign-status";
import { CampaignCounts } from "./campaign-counts";

export function CampaignsPage() {
  const campaigns = useCampaigns();
  return (
    <div className="grid gap-6">
      <PageHeader
        title="Campaigns"
        description="Listing emails to your contacts, with the unsubscribe link and postal address the law asks for."
        actions={
          <Button asChild>
            <Link href="/campaigns/new">
              <Plus aria-hidden />
              New campaign
            </Link>
          </Button>
        }
      />
      {campaigns.isPending ? (
        <PageSpinner fill="content" />
      ) : campaigns.isError ? (
        <LoadFailed title="Campaigns could not be loaded" error={campaigns.error} onRetry={() => void campaigns.refetch()} />
      ) : campaigns.data.length === 0 ? (
        <EmptyState icon={Mail} title="No campaigns yet" description="Start one here, or from a listing with “Email this listing”." />
      ) : (
        <ul className="grid gap-3" aria-label="Campaigns">
          {campaigns.data.map((c) => (
            <li key={c.id}>
              <Card className="grid gap-2 p-4" data-testid="campaign-row">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <Link href={`/campaigns/${c.id}`} className="min-w-0 font-semibold underline-offset-4 hover:underline pointer-coarse:min-h-11">
                    {c.name}
                  </Link>
                  <Badge variant={STATUS_BADGE[c.status]}>{STATUS_LABELS[c.status]}</Badge>
                </div>
                <p className="text-sm text-muted-foreground">
                  {c.subject ? `“${c.subject}” · ` : ""}
                  {whenLine(c, formatDateTime)}
                </p>
                <CampaignCounts campaign={c} compact />
              </Card>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
