import { FileText, History, Pencil, Trash2, Upload } from "lucide-react";
import { useId, useState } from "react";
import { DOCUMENT_ACCEPT, DOCUMENT_LEVEL_LABELS } from "@shared/documents";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { toastError } from "@/components/ui/use-toast";
import { useDocumentChanges, type ListingDocument } from "../api/documents";
import { fileProblem, fileSize } from "../lib/document-text";
import { DocumentFields, type DocumentFieldValues } from "./document-fields";
import { DocumentVersions } from "./document-versions";

interface DocumentRowProps {
  listingId: string;
  document: ListingDocument;
  folders: string[];
}

/** One document: its facts, and editing, a new version, its versions and deleting it. */
export function DocumentRow({ listingId, document: doc, folders }: DocumentRowProps) {
  const changes = useDocumentChanges(listingId);
  const id = useId();
  const [editing, setEditing] = useState<DocumentFieldValues | null>(null);
  const [showVersions, setShowVersions] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const save = () => {
    if (!editing) return;
    changes.patch.mutate({ documentId: doc.id, ...editing }, { onSuccess: () => setEditing(null) });
  };
  const newVersion = (file: File | undefined) => {
    if (!file) return;
    const problem = fileProblem(file);
    if (problem) return toastError("Could not upload the new version", problem);
    changes.addVersion.mutate({ documentId: doc.id, file }, { onSuccess: () => setShowVersions(true) });
  };

  return (
    <li className="grid gap-3 rounded-lg border bg-surface p-3" data-testid="document-row" data-document-id={doc.id}>
      <div className="flex flex-wrap items-start gap-3">
        <FileText aria-hidden className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
        <div className="grid min-w-0 flex-1 gap-1">
          <p className="break-words font-medium" data-testid="document-title">
            {doc.title}
          </p>
          <p className="break-words text-xs text-muted-foreground">
            {doc.fileName} · {fileSize(doc.size)}
            {doc.pageCount !== null ? ` · ${doc.pageCount} page${doc.pageCount === 1 ? "" : "s"}` : ""} ·{" "}
            <span data-testid="document-version-number">version {doc.version}</span>
          </p>
          {doc.note ? <p className="text-xs text-[color-mix(in_oklab,var(--warning)_75%,black)] dark:text-warning">{doc.note}</p> : null}
        </div>
        <div className="flex flex-wrap gap-1.5">
          <Badge variant={doc.level === "team" ? "muted" : doc.level === "public" ? "success" : "default"} data-testid="document-level">
            {DOCUMENT_LEVEL_LABELS[doc.level]}
          </Badge>
          {doc.downloadable ? null : <Badge variant="outline">View only</Badge>}
        </div>
      </div>

      {editing ? (
        <form
          className="grid gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            save();
          }}
        >
          <DocumentFields values={editing} onChange={setEditing} folders={folders} idPrefix={`${id}-edit`} levelLocked={doc.note} />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" loading={changes.patch.isPending} disabled={!editing.title.trim()} data-testid="document-save">
              Save
            </Button>
            <Button type="button" variant="outline" onClick={() => setEditing(null)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            size="sm"
            onClick={() => setEditing({ title: doc.title, folder: doc.folder, level: doc.level, downloadable: doc.downloadable })}
            data-testid="document-edit"
          >
            <Pencil aria-hidden />
            Edit<span className="sr-only"> {doc.title}</span>
          </Button>
          <Button variant="outline" size="sm" asChild>
            {/* The file button is a label: on a phone it opens the camera roll or files. */}
            <label htmlFor={`${id}-version`} className="cursor-pointer has-[:focus-visible]:ring-3 has-[:focus-visible]:ring-ring/20" aria-busy={changes.addVersion.isPending}>
              <Upload aria-hidden />
              {changes.addVersion.isPending ? "Uploading…" : "New version"}
              <input
                id={`${id}-version`}
                type="file"
                accept={DOCUMENT_ACCEPT}
                className="sr-only"
                disabled={changes.addVersion.isPending}
                onChange={(event) => {
                  newVersion(event.target.files?.[0]);
                  event.target.value = "";
                }}
                data-testid="document-version-input"
              />
            </label>
          </Button>
          <Button variant="outline" size="sm" aria-expanded={showVersions} onClick={() => setShowVersions((open) => !open)} data-testid="document-versions-toggle">
            <History aria-hidden />
            Versions ({doc.version})
          </Button>
          <Button variant="outline" size="sm" className="text-destructive hover:bg-destructive/10 hover:text-destructive" onClick={() => setDeleting(true)} data-testid="document-delete">
            <Trash2 aria-hidden />
            Delete<span className="sr-only"> {doc.title}</span>
          </Button>
        </div>
      )}

      {showVersions ? <DocumentVersions listingId={listingId} documentId={doc.id} /> : null}

      <AlertDialog open={deleting} onOpenChange={setDeleting}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Delete “{doc.title}”?</AlertDialogTitle>
            <AlertDialogDescription>
              Its {doc.version === 1 ? "file is" : `${doc.version} versions are`} deleted for good, and no one can open it from the deal room again.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction onClick={() => changes.remove.mutate(doc.id)} data-testid="document-delete-confirm">
              Delete
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </li>
  );
}
