import { useState, type FormEvent } from "react";
import { VIEW_NAME_MAX } from "@shared/enumerations";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toastSuccess } from "@/components/ui/use-toast";
import { useSaveView } from "../api/saved-views";

/** Names the current filters, sort and layout and keeps them, for me or for the team. */
export function SaveViewDialog({ open, onOpenChange, query }: { open: boolean; onOpenChange(open: boolean): void; query: string }) {
  const [name, setName] = useState("");
  const [team, setTeam] = useState(false);
  const save = useSaveView();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(
      { name, query, scope: team ? "team" : "personal" },
      {
        onSuccess: () => {
          toastSuccess(`Saved the view "${name.trim()}"`);
          setName("");
          onOpenChange(false);
        },
      },
    );
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <form onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Save view</DialogTitle>
            <DialogDescription>Keeps the search, filters, sort and layout shown now under a name.</DialogDescription>
          </DialogHeader>
          <FormField label="Name" required>
            <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={VIEW_NAME_MAX} autoFocus />
          </FormField>
          <div className="flex items-center gap-2">
            <Checkbox id="save-view-team" checked={team} onCheckedChange={(v) => setTeam(v === true)} />
            <Label htmlFor="save-view-team">Share with the team</Label>
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending} disabled={name.trim() === ""}>
              Save view
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
