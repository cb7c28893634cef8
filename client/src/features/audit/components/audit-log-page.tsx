import { Download, ShieldCheck } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import { AUDIT_KIND_FILTERS, type AuditEntry } from "@shared/audit";
import { listingPagePath } from "@shared/listing-page";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { inputClasses } from "@/components/ui/input";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { LabelledControl } from "@/components/ui/label";
import { useUser } from "@/features/auth/api/get-user";
import { useUsers } from "@/features/users/api/get-users";
import { errorMessage } from "@/lib/api-client";
import { formatDateTime, isoDate } from "@/lib/format-date";
import { useDocumentTitle } from "@/lib/use-document-title";
import { auditExportUrl, useAuditLog, type AuditFilters } from "../api/get-audit-log";
import { auditSentence, timeAgo } from "../lib/activity-text";
import { BulkDeletedListings } from "./bulk-deleted-listings";
import { DeletedListing } from "./deleted-listing";

const NO_FILTERS: AuditFilters = { kind: "", userId: "", from: "", to: "" };

function AuditFiltersBar({ filters, onChange }: { filters: AuditFilters; onChange(next: AuditFilters): void }) {
  const users = useUsers();
  const set = (key: keyof AuditFilters) => (e: { target: { value: string } }) => onChange({ ...filters, [key]: e.target.value });
  return (
    <div className="grid gap-3 rounded-xl border bg-surface p-4 sm:grid-cols-2 lg:grid-cols-4" role="search" aria-label="Filter the audit log">
      <LabelledControl label="Person">
        {(id) => (
          <select id={id} className={inputClasses} value={filters.userId} onChange={set("userId")}>
            <option value="">Everyone</option>
            {(users.data ?? []).map((u) => (
              <option key={u.id} value={String(u.id)}>
                {u.username}
              </option>
            ))}
          </select>
        )}
      </LabelledControl>
      <LabelledControl label="Kind">
        {(id) => (
          <select id={id} className={inputClasses} value={filters.kind} onChange={set("kind")}>
            <option value="">Everything</option>
            {AUDIT_KIND_FILTERS.map((k) => (
              <option key={k.value} value={k.value}>
                {k.label}
              </option>
            ))}
          </select>
        )}
      </LabelledControl>
      <LabelledControl label="From">{(id) => <input id={id} type="date" className={inputClasses} value={filters.from} onChange={set("from")} />}</LabelledControl>
      <LabelledControl label="To">{(id) => <input id={id} type="date" className={inputClasses} value={filters.to} onChange={set("to")} />}</LabelledControl>
    </div>
  );
}

function AuditItem({ entry }: { entry: AuditEntry }) {
  const snapshot = entry.kind === "listing.deleted" ? (entry.details?.snapshot as Record<string, unknown> | undefined) : undefined;
  const bulkDeleted = entry.kind === "bulk.deleted" && Array.isArray(entry.details?.ids) ? (entry.details.ids as string[]) : undefined;
  return (
    <li className="grid gap-1.5 border-b px-4 py-3 last:border-b-0" data-testid="audit-entry">
      <p className="break-words text-sm">{auditSentence(entry)}</p>
      <p className="flex flex-wrap gap-x-3 text-xs text-muted-foreground">
        <time dateTime={isoDate(entry.at)}>{formatDateTime(entry.at)}</time>
        <span>{timeAgo(entry.at)}</span>
        {entry.address ? <span>from {entry.address}</span> : null}
        <span className="font-mono">{entry.kind}</span>
        {/* An entry about a listing that still exists opens its page (a deleted one shows what it was below). */}
        {entry.listingId && !snapshot ? (
          <Link href={listingPagePath(entry.listingId)} className="font-medium text-primary underline-offset-4 hover:underline" data-testid="audit-listing-link">
            Open the listing
          </Link>
        ) : null}
      </p>
      {snapshot ? <DeletedListing snapshot={snapshot} /> : null}
      {bulkDeleted ? <BulkDeletedListings ids={bulkDeleted} /> : null}
    </li>
  );
}

function AuditLog() {
  const [filters, setFilters] = useState<AuditFilters>(NO_FILTERS);
  const query = useAuditLog(filters);
  const entries = query.data?.pages.flatMap((p) => p.entries) ?? [];
  return (
    <div className="grid gap-4">
      <PageHeader
        title="Audit Log"
        description="Who did what in the workspace: sign-ins, invitations, deletions, imports, exports and settings."
        actions={
          <Button asChild variant="outline">
            <a href={auditExportUrl(filters)} download="audit-log.csv">
              <Download aria-hidden />
              Export CSV
            </a>
          </Button>
        }
      />
      <AuditFiltersBar filters={filters} onChange={setFilters} />
      {query.isPending ? (
        <Skeleton className="h-40 w-full" />
      ) : query.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(query.error, "Could not load the audit log.")}
        </p>
      ) : entries.length === 0 ? (
        <p className="rounded-xl border bg-surface p-6 text-center text-sm text-muted-foreground">Nothing matches these filters</p>
      ) : (
        <ol className="rounded-xl border bg-surface">
          {entries.map((entry) => (
            <AuditItem key={entry.id} entry={entry} />
          ))}
        </ol>
      )}
      {query.hasNextPage ? (
        <Button variant="outline" className="justify-self-center" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
          Load more
        </Button>
      ) : null}
    </div>
  );
}

/** Admins only; the server refuses members anyway, so say why up front. */
export function AuditLogPage() {
  useDocumentTitle("Audit Log");
  const { user } = useUser();
  if (!user?.isAdmin) {
    return (
      <div className="grid gap-6">
        <PageHeader title="Audit Log" description="Who did what in the workspace." />
        <EmptyState icon={ShieldCheck} title="Only admins can read the audit log" description="Ask an admin if you need to know who changed something." />
      </div>
    );
  }
  return <AuditLog />;
}
