// The listing's offering memorandum builder (docs/guides/offering-memorandum.md): its sections,
// the reconciliation's warnings (shown here before download, never printed in the OM), the
// download link and publishing to the deal room.
import { useId } from "react";
import { AlertTriangle, Download } from "lucide-react";
import { omVersionStamp } from "@shared/om-sections";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/api-client";
import { omPdfUrl, useOmBuilder, useSaveOmSections } from "../api/om";
import { OmPublishForm } from "./om-publish-form";
import { OmSectionList } from "./om-section-list";

function OfferingMemorandum({ listingId }: { listingId: string }) {
  const builder = useOmBuilder(listingId);
  const save = useSaveOmSections(listingId);
  if (builder.isPending) return <p className="text-sm text-muted-foreground">Loading the OM's sections…</p>;
  if (builder.isError) return <p className="text-sm text-destructive">{errorMessage(builder.error)}</p>;
  const om = builder.data;
  return (
    <div className="grid gap-3">
      <p className="text-xs text-muted-foreground">
        {omVersionStamp(om.version, om.versionDate)} · {om.usesDefaults ? "the brokerage's default sections" : "this listing's own sections"}
      </p>
      {om.warnings.length > 0 ? (
        <div role="alert" className="flex gap-2 rounded-md border border-warning/40 bg-warning/5 p-2 text-sm">
          <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0" />
          <div>
            {om.warnings.map((w) => (
              <p key={w}>{w}</p>
            ))}
            <p className="text-xs text-muted-foreground">The OM does not print this warning: check the figures before you send it.</p>
          </div>
        </div>
      ) : null}
      <OmSectionList sections={om.sections} disabled={save.isPending} onChange={(sections) => save.mutate(sections)} />
      {save.isError ? <p className="text-sm text-destructive">{errorMessage(save.error)}</p> : null}
      <div>
        <Button asChild>
          <a href={omPdfUrl(listingId)} download>
            <Download aria-hidden /> Download OM
          </a>
        </Button>
      </div>
      <OmPublishForm listingId={listingId} />
    </div>
  );
}

/** The panel under the listing's income sections, in their look. */
export function OfferingMemorandumPanel({ listingId }: { listingId: string }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="mt-5 grid gap-3 rounded-xl border bg-surface p-4" data-testid="offering-memorandum">
      <h3 id={id} className="text-sm font-semibold">
        Offering memorandum
      </h3>
      <OfferingMemorandum listingId={listingId} />
    </section>
  );
}
