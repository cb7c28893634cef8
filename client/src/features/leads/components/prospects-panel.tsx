// A listing's prospects as a board of stages, with "Add prospect",
// and each card's menu: a move with a note, and removal.
// Moving one to Under contract offers (in the panel) to set the listing's deal stage too: the listing's own save
// (with If-Match) belongs to the listing's detail, which hands it in as `onUnderContract`.
import { UserPlus } from "lucide-react";
import { useCallback, useMemo, useState } from "react";
import type { Prospect, ProspectStage } from "@shared/leads";
import { Button } from "@/components/ui/button";
import { toastError } from "@/components/ui/use-toast";
import { errorMessage } from "@/lib/api-client";
import { useProspects } from "../api/leads";
import { useMoveProspect } from "../api/prospects";
import { AddProspectForm } from "./add-prospect-form";
import { ProspectBoard } from "./prospect-board";
import type { ProspectMenuActions } from "./prospect-card-menu";
import { ProspectNoteDialog, type SaveProspectMove } from "./prospect-note-dialog";
import { RemoveProspectDialog } from "./remove-prospect-dialog";

interface ProspectsPanelProps {
  listingId: string;
  /** Sets the listing's deal stage to Under Contract; absent when it already is. */
  onUnderContract?: () => void;
}

export function ProspectsPanel({ listingId, onUnderContract }: ProspectsPanelProps) {
  const prospects = useProspects(listingId);
  const { mutateAsync: saveMove } = useMoveProspect(listingId);
  const [adding, setAdding] = useState(false);
  // The prospect just moved to Under contract, while the offer to set the listing's stage stands.
  const [offerFor, setOfferFor] = useState<string | null>(null);
  // The card whose "Move with a note" or removal is open: held here, not in the card, so a teammate
  // removing the card meanwhile leaves the dialog (and what was typed) in place.
  const [noteFor, setNoteFor] = useState<Prospect | null>(null);
  const [removing, setRemoving] = useState<Prospect | null>(null);
  const save = useCallback<SaveProspectMove>(
    async (prospect, stage, note) => {
      const saved = await saveMove({ leadId: prospect.leadId, stage, note });
      setOfferFor(stage === "underContract" && prospect.stage !== stage && onUnderContract ? prospect.name : null);
      return saved;
    },
    [saveMove, onUnderContract],
  );
  const move = useCallback(
    (prospect: Prospect, stage: ProspectStage) => {
      save(prospect, stage).catch((error: unknown) => toastError(`Could not move ${prospect.name}`, errorMessage(error)));
    },
    [save],
  );
  const menu = useMemo<ProspectMenuActions>(() => ({ note: setNoteFor, remove: setRemoving }), []);

  let body;
  if (prospects.isError) body = <p className="text-sm text-destructive">{errorMessage(prospects.error)}</p>;
  else if (!prospects.data) body = <p className="text-sm text-muted-foreground">Loading…</p>;
  else body = <ProspectBoard prospects={prospects.data} onMove={move} menu={menu} />;

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
      <ProspectNoteDialog prospect={noteFor} save={save} onClose={() => setNoteFor(null)} />
      <RemoveProspectDialog listingId={listingId} prospect={removing} onClose={() => setRemoving(null)} />
    </div>
  );
}
