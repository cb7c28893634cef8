import { useId, useState, type FormEvent } from "react";
import { MAX_PHOTO_CAPTION, PHOTO_KIND_LABELS, PHOTO_KINDS, type PhotoKind } from "@shared/photos";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Textarea } from "@/components/ui/textarea";
import type { Photo } from "../api/photos";

interface PhotoEditDialogProps {
  photo: Photo | null;
  onOpenChange(open: boolean): void;
  saving: boolean;
  onSave(values: { kind: PhotoKind; caption: string }): void;
}

function PhotoEditForm({ photo, saving, onSave, onCancel }: { photo: Photo; saving: boolean; onSave: PhotoEditDialogProps["onSave"]; onCancel(): void }) {
  const [kind, setKind] = useState<PhotoKind>(photo.kind);
  const [caption, setCaption] = useState(photo.caption);
  const kindId = useId();
  const captionId = useId();
  const countId = useId();
  const tooLong = caption.trim().length > MAX_PHOTO_CAPTION;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!tooLong) onSave({ kind, caption: caption.trim() });
  };
  return (
    <form className="grid gap-4" onSubmit={submit}>
      <div className="grid gap-1.5">
        <Label htmlFor={kindId}>Kind</Label>
        <NativeSelect id={kindId} value={kind} onChange={(event) => setKind(event.target.value as PhotoKind)}>
          {PHOTO_KINDS.map((value) => (
            <option key={value} value={value}>
              {PHOTO_KIND_LABELS[value]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={captionId}>Caption</Label>
        <Textarea id={captionId} value={caption} rows={3} aria-describedby={countId} aria-invalid={tooLong} onChange={(event) => setCaption(event.target.value)} />
        <p id={countId} className={tooLong ? "text-xs text-destructive" : "text-xs text-muted-foreground"}>
          {tooLong ? `Caption must be at most ${MAX_PHOTO_CAPTION} characters` : `${caption.trim().length} of ${MAX_PHOTO_CAPTION} characters`}
        </p>
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" loading={saving} disabled={tooLong}>
          Save
        </Button>
      </DialogFooter>
    </form>
  );
}

/** A photo's kind and caption. */
export function PhotoEditDialog({ photo, onOpenChange, saving, onSave }: PhotoEditDialogProps) {
  return (
    <Dialog open={photo !== null} onOpenChange={onOpenChange}>
      <DialogContent data-testid="photo-edit-dialog">
        <DialogHeader>
          <DialogTitle>Edit photo</DialogTitle>
          <DialogDescription>What the photo shows, and a caption for the flyer and the viewer.</DialogDescription>
        </DialogHeader>
        {photo ? <PhotoEditForm key={photo.id} photo={photo} saving={saving} onSave={onSave} onCancel={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}
