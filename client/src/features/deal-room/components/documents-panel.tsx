import { FileUp, FolderOpen } from "lucide-react";
import { useId, useMemo, useState } from "react";
import { DOCUMENT_ACCEPT, MAX_DOCUMENTS_PER_LISTING } from "@shared/documents";
import { Button } from "@/components/ui/button";
import { LoadFailed } from "@/components/ui/empty-state";
import { Progress } from "@/components/ui/progress";
import { FileDropZone } from "@/components/ui/file-drop-zone";
import { Skeleton } from "@/components/ui/skeleton";
import { useDocumentChanges, useListingDocuments } from "../api/documents";
import { byFolder, fileProblem, fileSize, NO_FOLDER, titleFromFileName } from "../lib/document-text";
import { DocumentFields, type DocumentFieldValues } from "./document-fields";
import { DocumentRow } from "./document-row";

/** The room's documents: an upload (dropped or chosen, then described), and the documents by folder. */
export function DocumentsPanel({ listingId }: { listingId: string }) {
  const documents = useListingDocuments(listingId);
  const changes = useDocumentChanges(listingId);
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [sent, setSent] = useState(0);
  const [fields, setFields] = useState<DocumentFieldValues>({ title: "", folder: "", level: "ca", downloadable: true });
  const folders = useMemo(() => [...new Set((documents.data ?? []).map((d) => d.folder).filter(Boolean))].sort(), [documents.data]);

  const choose = (chosen: File) => {
    const refused = fileProblem(chosen);
    setProblem(refused);
    setFile(refused ? null : chosen);
    if (!refused) setFields((current) => ({ ...current, title: titleFromFileName(chosen.name) }));
  };
  const upload = () => {
    if (!file) return;
    setSent(0);
    changes.add.mutate({ file, ...fields, onProgress: setSent }, { onSuccess: () => setFile(null) });
  };
  const full = (documents.data?.length ?? 0) >= MAX_DOCUMENTS_PER_LISTING;

  return (
    <section aria-labelledby={`${id}-heading`} className="grid gap-4" data-testid="documents-panel">
      <h2 id={`${id}-heading`} className="text-base font-semibold">
        Documents
      </h2>

      {file ? (
        <form
          className="grid gap-3 rounded-lg border bg-surface p-4"
          aria-label="New document"
          onSubmit={(event) => {
            event.preventDefault();
            upload();
          }}
        >
          <p className="break-all text-sm">
            <span className="font-medium">{file.name}</span> · {fileSize(file.size)}
          </p>
          <DocumentFields values={fields} onChange={setFields} folders={folders} idPrefix={`${id}-new`} />
          {changes.add.isPending ? <Progress value={Math.round(sent * 100)} aria-label={`Uploading ${file.name}`} /> : null}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" loading={changes.add.isPending} disabled={!fields.title.trim()} data-testid="document-upload-submit">
              {changes.add.isPending ? "Uploading…" : "Upload"}
            </Button>
            <Button type="button" variant="outline" disabled={changes.add.isPending} onClick={() => setFile(null)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <FileDropZone inputId={`${id}-file`} accept={DOCUMENT_ACCEPT} disabled={full} onFile={choose} testId="document-drop-zone" inputTestId="document-file-input">
          <FileUp aria-hidden className="size-6 shrink-0 text-muted-foreground" />
          <span className="grid gap-0.5 text-sm">
            <span className="font-medium">{full ? `This room holds its ${MAX_DOCUMENTS_PER_LISTING} documents` : "Add a document"}</span>
            <span className="text-muted-foreground">Drop a file here or choose one: PDF, Excel .xlsx, .csv, Word .docx or an image, up to 100 MB</span>
          </span>
        </FileDropZone>
      )}
      {problem ? (
        <p role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      ) : null}

      {documents.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : documents.isError ? (
        <LoadFailed title="Could not load the documents" error={documents.error} onRetry={() => void documents.refetch()} />
      ) : documents.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">No documents yet. The offering memorandum, rent roll and leases go here.</p>
      ) : (
        byFolder(documents.data).map(([folder, docs]) => (
          <section key={folder} aria-label={folder || NO_FOLDER} className="grid gap-2" data-testid="document-folder">
            <h3 className="flex items-center gap-2 text-sm font-medium text-muted-foreground">
              <FolderOpen aria-hidden className="size-4" />
              {folder || NO_FOLDER}
            </h3>
            <ul className="grid gap-2">
              {docs.map((doc) => (
                <DocumentRow key={doc.id} listingId={listingId} document={doc} folders={folders} />
              ))}
            </ul>
          </section>
        ))
      )}
    </section>
  );
}
