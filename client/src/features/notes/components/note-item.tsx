import { Pencil, Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import { Avatar } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { formatDateTime, isoDate } from "@/lib/format-date";
import type { NoteItem as Note } from "../api/get-listing-notes";
import { NoteForm } from "./note-form";
import { NoteText } from "./note-text";

interface NoteItemProps {
  note: Note;
  /** Everyone, for picking out mentions in the text. */
  usernames: readonly string[];
  /** Who the edit form's picker offers. */
  mentionable: readonly string[];
  me: string | undefined;
  mine: boolean;
  highlighted: boolean;
  editing: boolean;
  /** The version an edit started from, and the text to start it with when not the note's own (after a Reload). */
  editFrom?: { version: number; content?: string };
  /** An edit conflict to show above the edit form. */
  conflict?: ReactNode;
  saving: boolean;
  deleting: boolean;
  onEdit(): void;
  onCancelEdit(): void;
  onSave(content: string): void;
  onDelete(): void;
}

export const noteElementId = (id: number) => `note-${id}`;

export function NoteItem({
  note,
  usernames,
  mentionable,
  me,
  mine,
  highlighted,
  editing,
  editFrom,
  conflict,
  saving,
  deleting,
  onEdit,
  onCancelEdit,
  onSave,
  onDelete,
}: NoteItemProps) {
  const edited = note.updatedAt !== note.createdAt;
  return (
    <li
      id={noteElementId(note.id)}
      data-testid="note"
      data-highlighted={highlighted || undefined}
      className={cn(
        "group flex gap-3 rounded-lg px-3 py-3 transition-[background-color,box-shadow] duration-500",
        highlighted && "bg-warning/12 ring-2 ring-warning/50",
      )}
    >
      <Avatar name={note.username} />
      <div className="grid min-w-0 flex-1 gap-1">
        <div className="flex min-h-7 flex-wrap items-center gap-x-2 gap-y-0.5">
          <span className="text-sm font-semibold text-foreground" data-testid="note-author">
            {note.username}
          </span>
          <time dateTime={isoDate(note.createdAt)} className="text-xs text-muted-foreground" data-testid="note-time">
            {formatDateTime(note.createdAt)}
          </time>
          {edited ? (
            <span className="text-xs text-muted-foreground" title={`Edited ${formatDateTime(note.updatedAt)}`}>
              (edited)
            </span>
          ) : null}
          {mine && !editing ? (
            <div className="ml-auto flex items-center gap-0.5">
              <Button variant="ghost" size="icon-sm" className="size-7 text-muted-foreground hover:text-foreground" aria-label="Edit note" onClick={onEdit}>
                <Pencil className="size-3.5" aria-hidden />
              </Button>
              <Button
                variant="ghost"
                size="icon-sm"
                className="size-7 text-muted-foreground hover:bg-destructive/10 hover:text-destructive"
                aria-label="Delete note"
                loading={deleting}
                onClick={onDelete}
              >
                {deleting ? null : <Trash2 className="size-3.5" aria-hidden />}
              </Button>
            </div>
          ) : null}
        </div>
        {editing ? conflict : null}
        {editing ? (
          <NoteForm
            // A Reload starts the form again from the version it took in.
            key={editFrom?.version}
            label="Edit note"
            defaultContent={editFrom?.content ?? note.content}
            submitLabel="Save"
            pendingLabel="Saving..."
            pending={saving}
            usernames={mentionable}
            onSubmit={onSave}
            onCancel={onCancelEdit}
          />
        ) : (
          <NoteText content={note.content} usernames={usernames} me={me} />
        )}
      </div>
    </li>
  );
}
