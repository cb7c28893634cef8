// One campaign (docs/guides/campaigns.md): its status and counts (following a send as it goes),
// the moves its status allows, and for a draft the editor: the words, the audience, the body (the
// listing card made from the listing until someone edits it), a live preview at desktop and phone
// widths, and a test send to oneself.
import { ArrowLeft, TriangleAlert } from "lucide-react";
import { useId, useState } from "react";
import { Link, useParams } from "wouter";
import type { Campaign, CampaignAudience, CampaignPatch } from "@shared/campaigns";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { LoadFailed } from "@/components/ui/empty-state";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { PageHeader } from "@/components/ui/page-header";
import { PageSpinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { useUser } from "@/features/auth/api/get-user";
import { ApiError, errorMessage } from "@/lib/api-client";
import { formatDateTime } from "@/lib/format-date";
import { useCampaign, useCampaignPreview, useSaveCampaign, useTestSend } from "../api/campaigns";
import { STATUS_BADGE, STATUS_LABELS, whenLine } from "../lib/campaign-status";
import { useDebouncedValue } from "../lib/use-debounced-value";
import { AudiencePicker } from "./audience-picker";
import { CampaignActions } from "./campaign-actions";
import { CampaignCounts } from "./campaign-counts";
import { MessagePreview } from "./message-preview";

type Draft = Required<Omit<CampaignPatch, "body">> & { body: string | null };

const draftOf = (c: Campaign): Draft => ({ name: c.name, subject: c.subject, preheader: c.preheader, fromName: c.fromName, replyTo: c.replyTo, audience: c.audience, body: c.body, trackOpens: c.trackOpens });
const sameAudience = (a: CampaignAudience, b: CampaignAudience) => JSON.stringify(a) === JSON.stringify(b);

/** The fields that differ from what is saved: what a save sends. */
function changes(draft: Draft, saved: Campaign): CampaignPatch {
  const patch: CampaignPatch = {};
  for (const key of ["name", "subject", "preheader", "fromName", "replyTo"] as const) if (draft[key] !== saved[key]) patch[key] = draft[key];
  if (!sameAudience(draft.audience, saved.audience)) patch.audience = draft.audience;
  if (draft.body !== saved.body) patch.body = draft.body;
  if (draft.trackOpens !== saved.trackOpens) patch.trackOpens = draft.trackOpens;
  return patch;
}

function TestSend({ campaignId, beforeSend }: { campaignId: number; beforeSend: () => Promise<boolean> }) {
  const { user } = useUser();
  const [email, setEmail] = useState(user?.email ?? "");
  const test = useTestSend(campaignId);
  return (
    <form
      className="grid gap-2"
      aria-labelledby="test-heading"
      onSubmit={(e) => {
        e.preventDefault();
        void beforeSend().then((ok) => ok && test.mutate(email.trim()));
      }}
    >
      <h2 id="test-heading" className="text-base font-semibold">
        Test send
      </h2>
      <div className="flex flex-wrap items-end gap-2">
        <FormField label="Send a test to" className="min-w-0 flex-1">
          <Input type="email" value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="email" required />
        </FormField>
        <Button type="submit" variant="outline" loading={test.isPending}>
          Send test
        </Button>
      </div>
      {test.isSuccess ? (
        <p role="status" className="text-sm text-success">
          A test is on its way to {test.data.email}, with “[Test]” before the subject.
        </p>
      ) : null}
      {test.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(test.error)}
        </p>
      ) : null}
    </form>
  );
}

function Editor({ campaign }: { campaign: Campaign }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(campaign));
  const save = useSaveCampaign(campaign.id);
  const editable = campaign.status === "draft";
  const patch = changes(draft, campaign);
  const dirty = editable && Object.keys(patch).length > 0;
  const settled = useDebouncedValue({ body: draft.body, audience: draft.audience }, 400);
  const preview = useCampaignPreview(campaign.id, settled);
  const card = preview.data?.card ?? null;
  const fieldErrors = save.error instanceof ApiError ? (save.error.fieldErrors ?? {}) : {};
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const opensId = useId();

  /** Saves what changed; true when there was nothing to save or the save went through. */
  const saveNow = async (): Promise<boolean> => {
    if (!dirty) return true;
    try {
      setDraft(draftOf(await save.mutateAsync(patch)));
      return true;
    } catch {
      return false;
    }
  };

  // The body box holds the member's own HTML, or, until they change it, the listing card the
  // server makes from the listing (body null: it follows the listing's later edits).
  const bodyText = draft.body ?? card ?? "";
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <div className="grid min-w-0 content-start gap-6">
        <CampaignActions campaign={campaign} reach={preview.data?.reach} beforeSend={saveNow} />
        <form
          aria-label="Campaign"
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            void saveNow();
          }}
        >
          <fieldset className="grid gap-4" disabled={!editable}>
            {!editable ? <p className="text-sm text-muted-foreground">Only a draft can be edited: this campaign is {STATUS_LABELS[campaign.status].toLowerCase()}.</p> : null}
            <FormField label="Name" error={fieldErrors.name} required>
              <Input value={draft.name} onChange={(e) => set("name", e.target.value)} required />
            </FormField>
            <FormField label="Subject" error={fieldErrors.subject}>
              <Input value={draft.subject} onChange={(e) => set("subject", e.target.value)} />
            </FormField>
            <FormField label="Preheader" hint="The line inboxes show after the subject." error={fieldErrors.preheader}>
              <Input value={draft.preheader} onChange={(e) => set("preheader", e.target.value)} />
            </FormField>
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField label="From name" hint="The address is the server's own." error={fieldErrors.fromName}>
                <Input value={draft.fromName} onChange={(e) => set("fromName", e.target.value)} />
              </FormField>
              <FormField label="Reply-to" error={fieldErrors.replyTo}>
                <Input type="email" value={draft.replyTo} onChange={(e) => set("replyTo", e.target.value)} />
              </FormField>
            </div>
            <div className="grid gap-1">
              <span className="flex items-center gap-2 text-sm">
                <Checkbox id={opensId} checked={draft.trackOpens} onCheckedChange={(v) => set("trackOpens", v === true)} aria-describedby={`${opensId}-hint`} />
                <label htmlFor={opensId}>Count opens</label>
              </span>
              <p id={`${opensId}-hint`} className="text-xs text-muted-foreground">
                Off by default. Adds an invisible picture to each message; the count is unreliable: Apple Mail and some mail gateways load every picture on delivery, and many readers block pictures.
              </p>
            </div>
          </fieldset>
          <AudiencePicker value={draft.audience} onChange={(a) => set("audience", a)} disabled={!editable} reach={sameAudience(settled.audience, draft.audience) && !preview.isPlaceholderData ? preview.data?.reach : undefined} />
          <fieldset className="grid gap-2" disabled={!editable}>
            <FormField
              label="Body (HTML)"
              error={fieldErrors.body}
              hint={
                draft.body === null && card !== null
                  ? "The listing card, made from the listing: it follows the listing's changes until you edit it. Scripts, styles, forms and outside images are removed when saved."
                  : "Text, headings, lists, tables, links and images from this app. Scripts, styles, forms and outside images are removed when saved."
              }
            >
              <Textarea value={bodyText} onChange={(e) => set("body", e.target.value)} rows={12} className="font-mono text-xs" />
            </FormField>
            {draft.body !== null && card !== null ? (
              <Button type="button" variant="outline" size="sm" className="justify-self-start" onClick={() => set("body", null)}>
                Use the listing card
              </Button>
            ) : null}
          </fieldset>
          {editable ? (
            <div className="flex flex-wrap items-center gap-3">
              <Button type="submit" disabled={!dirty} loading={save.isPending}>
                Save draft
              </Button>
              <span className="text-sm text-muted-foreground" role="status">
                {dirty ? "Unsaved changes" : "Saved"}
              </span>
            </div>
          ) : null}
          {save.isError ? (
            <p role="alert" className="text-sm text-destructive">
              {errorMessage(save.error)}
            </p>
          ) : null}
        </form>
        {editable ? <TestSend campaignId={campaign.id} beforeSend={saveNow} /> : null}
      </div>
      <div className="grid min-w-0 content-start gap-3">
        {preview.data?.blocker && (campaign.status === "draft" || campaign.status === "scheduled") ? (
          <p role="note" className="flex gap-2 rounded-md border border-warning/40 bg-warning/10 p-3 text-sm">
            <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
            {preview.data.blocker}
          </p>
        ) : null}
        {preview.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(preview.error)}
          </p>
        ) : null}
        <MessagePreview html={preview.data?.html} stale={preview.isFetching} />
      </div>
    </div>
  );
}

export function CampaignPage() {
  const params = useParams<{ id: string }>();
  const id = Number(params.id);
  const campaign = useCampaign(id);
  if (campaign.isPending) return <PageSpinner fill="content" />;
  if (campaign.isError) return <LoadFailed title="This campaign could not be loaded" error={campaign.error} onRetry={() => void campaign.refetch()} />;
  const c = campaign.data;
  return (
    <div className="grid gap-6">
      <Link href="/campaigns" className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:underline pointer-coarse:min-h-11">
        <ArrowLeft aria-hidden className="size-4" />
        Campaigns
      </Link>
      <PageHeader
        title={c.name}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <Badge variant={STATUS_BADGE[c.status]} data-testid="campaign-status">
              {STATUS_LABELS[c.status]}
            </Badge>
            {whenLine(c, formatDateTime)}
          </span>
        }
      />
      <Card className="p-4">
        <CampaignCounts campaign={c} />
      </Card>
      {/* A move to another status starts the editor again from what the server holds; a save sets it itself. */}
      <Editor key={`${c.id}-${c.status}`} campaign={c} />
    </div>
  );
}
