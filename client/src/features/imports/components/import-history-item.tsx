import { FileSpreadsheet } from "lucide-react";
import { Badge, type BadgeProps } from "@/components/ui/badge";
import type { ImportStatus } from "@shared/imports/wire";
import { formatDateTime, isoDate } from "@/lib/format-date";
import type { ImportItem } from "../api/get-import";
import { useUndoImport } from "../api/undo-import";
import { KIND_LABELS } from "../lib/import-kind";
import { STATUS_LABELS } from "../lib/import-text";
import { UndoImportButton, UndoSummary } from "./undo-import";

const count = (n: number) => n.toLocaleString("en-US");

const STATUS_BADGES: Record<ImportStatus, BadgeProps["variant"]> = { staged: "muted", committing: "warning", committed: "success", undone: "muted" };

/** One import in the history: the file, who ran it and when, what it did, and its undo while offered. */
export function ImportHistoryItem({ item, canUndo }: { item: ImportItem; canUndo: boolean }) {
  const undo = useUndoImport();
  const counts = item.counts;
  const at = item.undoneAt ?? item.committedAt ?? item.createdAt;
  return (
    <li className="grid min-w-0 gap-2 border-b px-4 py-3 last:border-b-0" data-testid="import-history-item" data-import={item.id}>
      <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
        <FileSpreadsheet aria-hidden className="size-4 shrink-0 text-muted-foreground" />
        <span className="min-w-0 break-all text-sm font-semibold">{item.fileName}</span>
        <Badge variant={STATUS_BADGES[item.status]} data-testid="import-status">
          {STATUS_LABELS[item.status]}
        </Badge>
        <Badge variant="muted" data-testid="import-target">
          {KIND_LABELS[item.target]}
        </Badge>
      </div>
      <p className="text-xs text-muted-foreground">
        {item.user.username} · <time dateTime={isoDate(item.committedAt ?? item.createdAt)}>{formatDateTime(item.committedAt ?? item.createdAt)}</time>
        {item.undoneAt ? (
          <>
            {" "}
            · undone <time dateTime={isoDate(at)}>{formatDateTime(at)}</time>
          </>
        ) : null}
      </p>
      {counts ? (
        <p className="text-sm" data-testid="import-counts">
          {[
            `${count(counts.created)} created`,
            `${count(counts.updated)} updated`,
            `${count(counts.unchanged)} unchanged`,
            `${count(counts.failed)} failed`,
          ].join(" · ")}
        </p>
      ) : null}
      {undo.data ? <UndoSummary target={item.target} result={undo.data} /> : null}
      {!undo.data && (item.undoable || undo.isPending) && canUndo && counts ? (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <UndoImportButton
            target={item.target}
            fileName={item.fileName}
            created={counts.created}
            updated={counts.updated}
            undoUntil={item.undoUntil}
            pending={undo.isPending}
            onConfirm={() => undo.mutate(item.id)}
          />
          {item.undoUntil ? <span className="text-xs text-muted-foreground">Until {formatDateTime(item.undoUntil)}</span> : null}
        </div>
      ) : null}
    </li>
  );
}
