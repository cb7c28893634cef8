// "Needs follow-up" on the Leads page: prospects quiet for the team's number of days, not closed
// or lost, per listing.
import { Clock } from "lucide-react";
import { Link } from "wouter";
import { PROSPECT_STAGE_LABELS } from "@shared/prospects";
import { Card } from "@/components/ui/card";
import { errorMessage } from "@/lib/api-client";
import { useFollowUps } from "../api/prospects";

export function FollowUpsSection() {
  const query = useFollowUps();
  let body;
  if (query.isError) body = <p className="text-sm text-destructive">{errorMessage(query.error)}</p>;
  else if (!query.data) body = <p className="text-sm text-muted-foreground">Loading…</p>;
  else if (query.data.followUps.length === 0) body = <p className="text-sm text-muted-foreground">Every prospect has had activity in the last {query.data.days} days.</p>;
  else
    body = (
      <ul className="grid gap-2" data-testid="follow-ups">
        {query.data.followUps.map((f) => (
          <li key={`${f.listingId}:${f.leadId}`} className="grid gap-0.5 rounded-lg border p-3 text-sm">
            <span className="font-medium break-words">
              <Link href={`/leads/${f.leadId}`} className="text-primary underline-offset-4 hover:underline">
                {f.name}
              </Link>
              {f.company ? <span className="font-normal text-muted-foreground"> · {f.company}</span> : null}
            </span>
            <span className="text-xs text-muted-foreground">
              {f.listingName} · {PROSPECT_STAGE_LABELS[f.stage]} · last activity {new Date(f.lastActivityAt).toLocaleDateString()}
            </span>
          </li>
        ))}
      </ul>
    );
  return (
    <Card className="grid gap-3 p-4" aria-labelledby="follow-ups-heading">
      <h2 id="follow-ups-heading" className="flex items-center gap-2 font-semibold">
        <Clock aria-hidden className="size-4" />
        Needs follow-up
        {query.data ? <span className="text-sm font-normal text-muted-foreground">(no activity for {query.data.days} days)</span> : null}
      </h2>
      {body}
    </Card>
  );
}
