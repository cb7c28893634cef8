import { Download } from "lucide-react";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/api-client";
import { formatShortDateTime } from "@/lib/format-date";
import { useDocumentVersions } from "../api/documents";
import { fileSize } from "../lib/document-text";

/** Every stored version of a document, newest first, each downloadable by members. */
export function DocumentVersions({ listingId, documentId }: { listingId: string; documentId: number }) {
  const versions = useDocumentVersions(listingId, documentId, true);
  if (versions.isPending) return <Skeleton className="h-10 w-full" />;
  if (versions.isError) return <p role="alert" className="text-sm text-destructive">{errorMessage(versions.error)}</p>;
  return (
    <ol className="grid gap-1.5" aria-label="Versions" data-testid="document-versions">
      {versions.data.map((v) => (
        <li key={v.version} className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md bg-muted/50 px-3 py-2 text-sm" data-testid="document-version">
          <span className="font-medium">Version {v.version}</span>
          <span className="min-w-0 break-words text-muted-foreground">
            {v.fileName} · {fileSize(v.size)}
            {v.pageCount !== null ? ` · ${v.pageCount} page${v.pageCount === 1 ? "" : "s"}` : ""} · {formatShortDateTime(v.createdAt)}
            {v.createdBy ? ` by ${v.createdBy.username}` : ""}
          </span>
          <span className="sr-only">SHA-256 {v.sha256}</span>
          <a className="ml-auto inline-flex items-center gap-1 text-primary underline-offset-4 hover:underline pointer-coarse:min-h-11" href={v.fileUrl} download>
            <Download aria-hidden className="size-4" />
            Download<span className="sr-only"> version {v.version}</span>
          </a>
        </li>
      ))}
    </ol>
  );
}
