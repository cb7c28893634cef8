// /leads/:id, the lead's own page (the address the alert email and the bell open): who they are,
// every inquiry in full, each listing they are a prospect of with its stage (moved here as on the
// listing's board, with a note if wanted), whether a follow-up is due, and what happened.
import { ArrowLeft, Clock, Inbox, TriangleAlert } from "lucide-react";
import { useState, type FormEvent, type ReactNode } from "react";
import { Link, useParams } from "wouter";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState, LoadFailed } from "@/components/ui/empty-state";
import { NativeSelect } from "@/components/ui/native-select";
import { PageHeader } from "@/components/ui/page-header";
import { Textarea } from "@/components/ui/textarea";
import { toastError } from "@/components/ui/use-toast";
import { ApiError, errorMessage } from "@/lib/api-client";
import { formatDateTime, isoDate } from "@/lib/format-date";
import { useDocumentTitle } from "@/lib/use-document-title";
import { INQUIRER_ROLE_LABELS, PROSPECT_STAGES, type LeadDetail, type LeadListing, type LeadSource, type ProspectStage } from "@shared/leads";
import { MAX_PROSPECT_NOTE, PROSPECT_STAGE_LABELS } from "@shared/prospects";
import { useLead } from "../api/leads";
import { useFollowUps, useMoveProspect } from "../api/prospects";

// A finger's size on a touch screen (the journeys' 44 px audit).
const CONTACT_LINK = "inline-flex items-center text-primary underline-offset-4 hover:underline pointer-coarse:min-h-11";

const SOURCE_LABELS: Record<LeadSource, string> = { inquiry: "Inquiry from a public page", manual: "Added by the team", import: "Imported" };

function Section({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <Card className="grid min-w-0 gap-3 p-4" aria-labelledby={id}>
      <h2 id={id} className="font-semibold">
        {title}
      </h2>
      {children}
    </Card>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid min-w-0 gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}

/** One listing of interest: its stage, moved at once; a note saved with the stage as it is (or with a move). */
function InterestRow({ lead, interest }: { lead: LeadDetail; interest: LeadListing }) {
  const move = useMoveProspect(interest.listingId);
  const [note, setNote] = useState("");
  const stage = move.isPending ? move.variables.stage : interest.stage;
  const save = (next: ProspectStage, text?: string) =>
    move.mutateAsync({ leadId: lead.id, stage: next, note: text }).catch((error: unknown) => {
      toastError(`Could not move ${lead.name}`, errorMessage(error));
      throw error;
    });
  const submitNote = (event: FormEvent) => {
    event.preventDefault();
    if (!note.trim()) return;
    void save(stage, note.trim()).then(() => setNote(""), () => undefined);
  };
  return (
    <li className="grid gap-2 rounded-lg border p-3" data-testid="lead-interest" data-listing-id={interest.listingId}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="min-w-0 font-medium break-words">{interest.listingName}</span>
        <NativeSelect
          aria-label={`Stage on ${interest.listingName}`}
          value={stage}
          disabled={move.isPending}
          onChange={(event) => void save(event.target.value as ProspectStage).catch(() => undefined)}
          className="h-11 w-auto min-w-40"
        >
          {PROSPECT_STAGES.map((s) => (
            <option key={s} value={s}>
              {PROSPECT_STAGE_LABELS[s]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <form className="grid gap-2" onSubmit={submitNote}>
        <Textarea
          aria-label={`Note about ${lead.name} on ${interest.listingName}`}
          placeholder="Add a note (it goes on the listing's timeline too)"
          value={note}
          maxLength={MAX_PROSPECT_NOTE}
          onChange={(e) => setNote(e.target.value)}
          className="min-h-16"
        />
        <Button type="submit" variant="outline" size="sm" className="justify-self-end" disabled={!note.trim()} loading={move.isPending && Boolean(move.variables.note)}>
          Save note
        </Button>
      </form>
    </li>
  );
}

function FollowUp({ leadId }: { leadId: number }) {
  const followUps = useFollowUps();
  if (!followUps.data) return null;
  const due = followUps.data.followUps.filter((f) => f.leadId === leadId);
  return (
    <p className="flex items-start gap-2 text-sm" data-testid="lead-follow-up">
      <Clock aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
      {due.length === 0 ? (
        <span className="text-muted-foreground">No follow-up due: there was activity on each listing in the last {followUps.data.days} days, or the deal is done.</span>
      ) : (
        <span>
          Needs a follow-up on{" "}
          {due.map((f, i) => (
            <span key={f.listingId}>
              {i > 0 ? ", " : ""}
              {f.listingName} ({PROSPECT_STAGE_LABELS[f.stage]}, quiet since {new Date(f.lastActivityAt).toLocaleDateString()})
            </span>
          ))}
        </span>
      )}
    </p>
  );
}

function LeadView({ lead }: { lead: LeadDetail }) {
  return (
    <div className="grid min-w-0 gap-6">
      <Link href="/leads" className="inline-flex items-center gap-1 justify-self-start text-sm text-primary underline-offset-4 hover:underline pointer-coarse:min-h-11">
        <ArrowLeft aria-hidden className="size-4" />
        Leads
      </Link>
      <PageHeader
        title={lead.name}
        description={`${INQUIRER_ROLE_LABELS[lead.role]} · ${SOURCE_LABELS[lead.source]}`}
        actions={
          // A lead is a contact: its tags, interests and mail status are edited there.
          <Link href={`/contacts?q=${encodeURIComponent(lead.email)}`} className="text-sm text-primary underline-offset-4 hover:underline pointer-coarse:min-h-11">
            Open as a contact
          </Link>
        }
      />
      <Section title="Contact" id="lead-contact">
        <dl className="grid gap-3 text-sm sm:grid-cols-2">
          <Fact label="Email">
            <a href={`mailto:${lead.email}`} className={`${CONTACT_LINK} break-all`}>
              {lead.email}
            </a>
          </Fact>
          <Fact label="Phone">{lead.phone ? <a href={`tel:${lead.phone}`} className={CONTACT_LINK}>{lead.phone}</a> : "—"}</Fact>
          <Fact label="Company">{lead.company ?? "—"}</Fact>
          <Fact label="Role">{INQUIRER_ROLE_LABELS[lead.role]}</Fact>
          <Fact label="Source">{SOURCE_LABELS[lead.source]}</Fact>
          <Fact label="Last activity">{formatDateTime(lead.lastActivityAt)}</Fact>
        </dl>
        <FollowUp leadId={lead.id} />
      </Section>
      <Section title={`Inquiries (${lead.inquiries.length})`} id="lead-inquiries">
        {lead.inquiries.length === 0 ? (
          <p className="text-sm text-muted-foreground">{lead.name} has not sent an inquiry: the team added them.</p>
        ) : (
          <ul className="grid gap-3">
            {lead.inquiries.map((q) => (
              <li key={q.id} className="grid gap-1 rounded-lg border p-3 text-sm" data-testid="lead-inquiry">
                <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
                  <span className="font-medium text-foreground break-words">{q.listingName ?? "A listing since deleted"}</span>
                  <time dateTime={isoDate(q.createdAt)}>{formatDateTime(q.createdAt)}</time>
                  {q.exchange1031 ? <Badge variant="secondary">1031 exchange</Badge> : null}
                  {q.about === "similar" ? <Badge variant="secondary">About similar properties</Badge> : q.about === "flyer" ? <Badge variant="secondary">Asked for the flyer</Badge> : null}
                </div>
                <p className="break-words whitespace-pre-wrap" data-testid="lead-inquiry-message">
                  {q.message}
                </p>
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section title="Listings of interest" id="lead-listings">
        {lead.listings.length === 0 ? (
          <p className="text-sm text-muted-foreground">Not a prospect of any listing now.</p>
        ) : (
          <ul className="grid gap-3">
            {lead.listings.map((interest) => (
              <InterestRow key={interest.listingId} lead={lead} interest={interest} />
            ))}
          </ul>
        )}
      </Section>
      <Section title="Activity" id="lead-activity">
        <ol className="grid gap-2 text-sm" data-testid="lead-activity">
          {lead.activity.map((a, i) => (
            <li key={`${a.at}:${i}`} className="grid gap-0.5">
              <span className="break-words whitespace-pre-wrap">{a.text}</span>
              <time dateTime={isoDate(a.at)} className="text-xs text-muted-foreground">
                {formatDateTime(a.at)}
              </time>
            </li>
          ))}
        </ol>
      </Section>
    </div>
  );
}

/** A lead this workspace has not got (or an address that names none): the app's not-found state, inside the app. */
function LeadNotFound() {
  useDocumentTitle("Lead not found");
  return (
    <EmptyState
      icon={Inbox}
      title="Lead not found"
      description="This lead does not exist, or the link is mistyped."
      action={
        <Button asChild variant="outline">
          <Link href="/leads">
            <ArrowLeft aria-hidden />
            Back to Leads
          </Link>
        </Button>
      }
    />
  );
}

export function LeadPage() {
  const { id } = useParams<{ id: string }>();
  const leadId = /^\d{1,12}$/.test(id ?? "") ? Number(id) : null;
  const lead = useLead(leadId ?? 0, leadId !== null);
  if (leadId === null || (lead.error instanceof ApiError && lead.error.status === 404)) return <LeadNotFound />;
  if (lead.isError) return <LoadFailed icon={TriangleAlert} title="Failed to load the lead" error={lead.error} onRetry={() => void lead.refetch()} />;
  if (!lead.data) return <p className="text-sm text-muted-foreground">Loading…</p>;
  return <LeadView lead={lead.data} />;
}
