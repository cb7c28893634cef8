// A listing's prospects as a board of stages, with "Add prospect" (docs/decisions/309-prospect-board.md).
// Moving one to Under contract offers (in the panel) to set the listing's deal stage too: the listing's own save
// (with If-Match) belongs to the listing's detail, which hands it in as `onUnderContract`.
import { UserPlus } from "lucide-react";
import { useCallback, useState } from "react";
import type { Prospect, ProspectStage } from "@shared/leads";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/api-client";
import { useProspects } from "../api/leads";
import { useMoveProspect } from "../api/prospects";
import { AddProspectForm } from "./add-prospect-form";
import { ProspectBoard } from "./prospect-board";

interface ProspectsPanelProps {
  listingId: string;
  /** Sets the listing's deal stage to Under Contract; absent when it already is. */
  onUnderContract?: () => void;
}

export function ProspectsPanel({ listingId, onUnderContract }: ProspectsPanelProps) {
  const prospects = useProspects(listingId);
  const { mutate: saveMove } = useMoveProspect(listingId);
  const [adding, setAdding] = useState(false);
  // The prospect just moved to Under contract, while the offer to set the listing's stage stands.
  const [offerFor, setOfferFor] = useState<string | null>(null);
  const move = useCallback(
    (prospect: Prospect, stage: ProspectStage) =>
      saveMove(
        { leadId: prospect.leadId, stage },
        { onSuccess: () => setOfferFor(stage === "underContract" && onUnderContract ? prospect.name : null) },
      ),
    [saveMove, onUnderContract],
  );

  let body;
  if (prospects.isError) body = <p className="text-sm text-destructive">{errorMessage(prospects.error)}</p>;
  else if (!prospects.data) body = <p className="text-sm text-muted-foreground">Loading…</p>;
  else body = <ProspectBoard prospects={prospects.data} onMove={move} />;

  return (
    <div className="grid gap-3" data-testid="prospects">
      {prospects.data?.length === 0 ? <p className="text-sm text-muted-foreground">No prospects yet. Inquiries from the public page appear here, or add one.</p> : null}
      {adding ? (
        <AddProspectForm listingId={listingId} onDone={() => setAdding(false)} />
      ) : (
        <Button variant="outline" className="justify-self-start" onClick={() => setAdding(true)}>
          <UserPlus aria-hidden />
          Add prospect
        </Button>
      )}
      {offerFor && onUnderContract ? (
        // In the panel, not a toast: inside the listing's dialog a keyboard reaches it in turn.
        <div role="status" className="flex flex-wrap items-center gap-2 rounded-lg border border-primary/40 bg-primary/5 p-3 text-sm" data-testid="under-contract-offer">
          <span className="min-w-0 flex-1">
            {offerFor} is under contract. Set the listing&rsquo;s deal stage to Under Contract too?
          </span>
          <Button
            size="sm"
            onClick={() => {
              setOfferFor(null);
              onUnderContract();
            }}
          >
            Set deal stage
          </Button>
          <Button size="sm" variant="outline" onClick={() => setOfferFor(null)}>
            Not now
          </Button>
        </div>
      ) : null}
      {body}
    </div>
  );
}
