// The Leads page: everyone who asked about a listing, searchable, with the listings they asked
// about and their stage there (docs/decisions/279-leads-and-prospects.md).
import { Download, Inbox, TriangleAlert } from "lucide-react";
import { useDeferredValue, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState, LoadFailed } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { SearchInput } from "@/components/ui/search-input";
import { INQUIRER_ROLE_LABELS } from "@shared/leads";
import { LEADS_CSV_HREF, useLeads } from "../api/leads";
import { FollowUpsSection } from "./follow-ups-section";
import { PROSPECT_STAGE_LABELS as STAGE_LABELS } from "@shared/prospects";

export function LeadsPage() {
  const [search, setSearch] = useState("");
  const q = useDeferredValue(search.trim());
  const leads = useLeads(q);
  let content;
  if (leads.isError) {
    content = <LoadFailed icon={TriangleAlert} title="Failed to load leads" error={leads.error} onRetry={() => void leads.refetch()} />;
  } else if (!leads.data) {
    content = <p className="text-sm text-muted-foreground">Loading…</p>;
  } else if (leads.data.length === 0) {
    content = <EmptyState icon={Inbox} title={q ? "No leads match" : "No leads yet"} description="Inquiries sent through a listing's public page appear here." />;
  } else {
    content = (
      <ul className="grid gap-3" data-testid="leads">
        {leads.data.map((lead) => (
          <li key={lead.id}>
            <Card className="grid gap-1 p-4 text-sm">
              <span className="font-semibold break-words">{lead.name}</span>
              <span className="break-all text-muted-foreground">
                {lead.email}
                {lead.phone ? ` · ${lead.phone}` : ""}
                {lead.company ? ` · ${lead.company}` : ""}
              </span>
              <span className="text-xs text-muted-foreground">
                {INQUIRER_ROLE_LABELS[lead.role]} · last activity {new Date(lead.lastActivityAt).toLocaleString()}
              </span>
              <ul className="flex flex-wrap gap-2 pt-1">
                {lead.listings.map((l) => (
                  <li key={l.listingId} className="rounded-md border px-2 py-0.5 text-xs">
                    {l.listingName}: {STAGE_LABELS[l.stage]}
                  </li>
                ))}
              </ul>
            </Card>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <div className="grid gap-6">
      <PageHeader
        title="Leads"
        description="People who asked about a listing, or were added to its prospects."
        actions={
          <Button variant="outline" asChild>
            <a href={LEADS_CSV_HREF} download>
              <Download aria-hidden />
              Export CSV
            </a>
          </Button>
        }
      />
      <FollowUpsSection />
      <SearchInput value={search} onValueChange={setSearch} label="Search leads" placeholder="Search by name, email, company or phone" />
      {content}
    </div>
  );
}
