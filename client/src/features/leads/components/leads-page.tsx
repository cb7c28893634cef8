// The Leads page: everyone who asked about a listing, searchable, with the listings they asked
// about and their stage there (docs/decisions/279-leads-and-prospects.md). It reads the leads a
// page at a time as it is scrolled (docs/decisions/345-leads-keyset-pages.md); each card opens the lead's page.
import { Download, Inbox, TriangleAlert } from "lucide-react";
import { useDeferredValue, useState } from "react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState, LoadFailed } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { SearchInput } from "@/components/ui/search-input";
import { errorMessage } from "@/lib/api-client";
import { INQUIRER_ROLE_LABELS, type LeadSummary } from "@shared/leads";
import { PROSPECT_STAGE_LABELS as STAGE_LABELS } from "@shared/prospects";
import { LEADS_CSV_HREF, useLeads } from "../api/leads";
import { FollowUpsSection } from "./follow-ups-section";
import { useLoadMoreInView } from "./use-load-more-in-view";

function LeadCard({ lead }: { lead: LeadSummary }) {
  return (
    // The name is the card's link; its ::after covers the card, so a click anywhere opens the lead.
    <Card className="relative grid gap-1 p-4 text-sm focus-within:ring-2 focus-within:ring-ring hover:bg-accent/40" data-testid="lead-card">
      <Link href={`/leads/${lead.id}`} className="font-semibold break-words outline-none after:absolute after:inset-0 after:rounded-xl" data-testid="lead-card-link">
        {lead.name}
      </Link>
      <span className="break-all text-muted-foreground">
        {lead.email}
        {lead.phone ? ` · ${lead.phone}` : ""}
        {lead.company ? ` · ${lead.company}` : ""}
      </span>
      <span className="text-xs text-muted-foreground">
        {INQUIRER_ROLE_LABELS[lead.role]} · last activity {new Date(lead.lastActivityAt).toLocaleString()}
        {lead.exchange1031 ? " · 1031 exchange" : ""}
      </span>
      {lead.latestMessage ? <p className="line-clamp-2 break-words whitespace-pre-line text-muted-foreground">“{lead.latestMessage}”</p> : null}
      <ul className="flex flex-wrap gap-2 pt-1">
        {lead.listings.map((l) => (
          <li key={l.listingId} className="rounded-md border px-2 py-0.5 text-xs break-words">
            {l.listingName}: {STAGE_LABELS[l.stage]}
          </li>
        ))}
      </ul>
    </Card>
  );
}

export function LeadsPage() {
  const [search, setSearch] = useState("");
  const q = useDeferredValue(search.trim());
  const leads = useLeads(q);
  const more = useLoadMoreInView<HTMLButtonElement>(() => {
    if (leads.hasNextPage && !leads.isFetchingNextPage) void leads.fetchNextPage();
  }, leads.hasNextPage && !leads.isFetching);
  const shown = leads.data?.pages.flatMap((p) => p.leads);
  let content;
  if (leads.isError && !shown) {
    content = <LoadFailed icon={TriangleAlert} title="Failed to load leads" error={leads.error} onRetry={() => void leads.refetch()} />;
  } else if (!shown) {
    content = <p className="text-sm text-muted-foreground">Loading…</p>;
  } else if (shown.length === 0) {
    content = <EmptyState icon={Inbox} title={q ? "No leads match" : "No leads yet"} description="Inquiries sent through a listing's public page appear here." />;
  } else {
    content = (
      <>
        <ul className="grid gap-3" data-testid="leads">
          {shown.map((lead) => (
            <li key={lead.id}>
              <LeadCard lead={lead} />
            </li>
          ))}
        </ul>
        {leads.isFetchNextPageError ? (
          <p role="alert" className="text-center text-sm text-destructive">
            {errorMessage(leads.error)}
          </p>
        ) : null}
        {leads.hasNextPage ? (
          <Button ref={more} variant="outline" className="justify-self-center" loading={leads.isFetchingNextPage} onClick={() => void leads.fetchNextPage()}>
            Show more leads
          </Button>
        ) : null}
      </>
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
