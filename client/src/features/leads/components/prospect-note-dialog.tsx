import { useState, type FormEvent } from "react";
import { PROSPECT_STAGES, type Prospect, type ProspectStage } from "@shared/leads";
import { MAX_PROSPECT_NOTE, PROSPECT_STAGE_LABELS } from "@shared/prospects";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { NativeSelect } from "@/components/ui/native-select";
import { Textarea } from "@/components/ui/textarea";
import { errorMessage } from "@/lib/api-client";

/** Saves a move with its note; rejects with the server's refusal. */
export type SaveProspectMove = (prospect: Prospect, stage: ProspectStage, note?: string) => Promise<unknown>;

/** Mounted per prospect, so each opening starts from the card's own stage and an empty note. */
function NoteForm({ prospect, save, onDone }: { prospect: Prospect; save: SaveProspectMove; onDone(): void }) {
  const [stage, setStage] = useState<ProspectStage>(prospect.stage);
  const [note, setNote] = useState("");
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (stage === prospect.stage && note.trim() === "") return setError("Write a note, or choose another stage.");
    setError(undefined);
    setSaving(true);
    try {
      await save(prospect, stage, note.trim() || undefined);
      onDone();
    } catch (err) {
      // The board is as it was (the move is undone); the reason stays here, beside what was typed.
      setError(errorMessage(err));
    } finally {
      setSaving(false);
    }
  };
  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="grid gap-4">
      <DialogHeader>
        <DialogTitle>Move {prospect.name} with a note</DialogTitle>
        <DialogDescription>The note goes on the listing&rsquo;s timeline and in {prospect.name}&rsquo;s activity. Keep the stage to add a note alone.</DialogDescription>
      </DialogHeader>
      <FormField label="Stage">
        <NativeSelect value={stage} onChange={(e) => setStage(e.target.value as ProspectStage)} className="h-11">
          {PROSPECT_STAGES.map((s) => (
            <option key={s} value={s}>
              {PROSPECT_STAGE_LABELS[s]}
              {s === prospect.stage ? " (now)" : ""}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField label="Note" error={error} hint={`Up to ${MAX_PROSPECT_NOTE.toLocaleString("en-US")} characters.`}>
        <Textarea value={note} onChange={(e) => setNote(e.target.value)} maxLength={MAX_PROSPECT_NOTE} autoFocus />
      </FormField>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" loading={saving}>
          Save
        </Button>
      </DialogFooter>
    </form>
  );
}

/** "Move with a note" from a prospect card's menu. */
export function ProspectNoteDialog({ prospect, save, onClose }: { prospect: Prospect | null; save: SaveProspectMove; onClose(): void }) {
  return (
    <Dialog open={prospect !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent data-testid="prospect-note-dialog">{prospect ? <NoteForm key={prospect.leadId} prospect={prospect} save={save} onDone={onClose} /> : null}</DialogContent>
    </Dialog>
  );
}
