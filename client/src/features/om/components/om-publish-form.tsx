// "Publish to the deal room": the OM as it is now becomes the next version of the listing's
// "Offering memorandum" document (level Signed CA), and buyers who opened an earlier version get
// the summary written here by mail. The server lets admins and the listing's agent publish; anyone
// else gets its refusal shown under the field.
import { useState, type FormEvent } from "react";
import { Send } from "lucide-react";
import { OM_SUMMARY_MAX } from "@shared/om-sections";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Textarea } from "@/components/ui/textarea";
import { errorMessage } from "@/lib/api-client";
import { usePublishOm } from "../api/om";

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

export function OmPublishForm({ listingId }: { listingId: string }) {
  const [summary, setSummary] = useState("");
  const publish = usePublishOm(listingId);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    publish.mutate(summary.trim(), { onSuccess: () => setSummary("") });
  };
  const done = publish.data;
  return (
    <form onSubmit={submit} className="grid gap-2 border-t pt-3" aria-label="Publish the OM to the deal room">
      <FormField
        label="What changed"
        hint="Mailed to buyers who opened an earlier version of the OM in the deal room."
        error={publish.isError ? errorMessage(publish.error) : undefined}
      >
        <Textarea value={summary} maxLength={OM_SUMMARY_MAX} rows={2} onChange={(e) => setSummary(e.target.value)} />
      </FormField>
      <div>
        <Button type="submit" variant="outline" disabled={publish.isPending || summary.trim() === ""}>
          <Send aria-hidden /> {publish.isPending ? "Publishing…" : "Publish to the deal room"}
        </Button>
      </div>
      {done && !publish.isPending ? (
        <p role="status" className="text-sm">
          Published as version {done.documentVersion} of “Offering memorandum” in the deal room (Signed CA); {plural(done.notified, "buyer")} told.
        </p>
      ) : null}
    </form>
  );
}
