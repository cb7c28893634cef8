import { MessageSquarePlus, MessageSquareText, Plus, TriangleAlert } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { DiscardGuardScope, useDiscardGuard } from "@/components/ui/discard-guard";
import { EmptyState, LoadFailed } from "@/components/ui/empty-state";
import { Skeleton } from "@/components/ui/skeleton";
import { useUser } from "@/features/auth/api/get-user";
import { useUsers } from "@/features/users/api/get-users";
import { EditConflictNotice } from "@/components/ui/edit-conflict-notice";
import { editConflictOf, type WireConflict } from "@/lib/api-client";
import { useAddNote } from "../api/add-note";
import { useDeleteNote } from "../api/delete-note";
import { useListingNotes, type NoteItem as Note } from "../api/get-listing-notes";
import { useUpdateNote } from "../api/update-note";
import { NoteForm } from "./note-form";
import { NoteItem, noteElementId } from "./note-item";

/** Spec §9: a note opened from a notification stays highlighted this long. */
export const NOTE_HIGHLIGHT_MS = 3000;

export const DELETE_NOTE_CONFIRMATION = "Are you sure you want to delete this note? This action cannot be undone.";

export interface NotesDialogProps {
  listingId: string;
  listingName: string;
  open: boolean;
  onOpenChange(open: boolean): void;
  initialMode?: "view" | "add";
  /** A note to scroll to and highlight (opened from a notification). */
  highlightNoteId?: number;
}

/**
 * Editing starts from the note's version (sent as If-Match); a save that meets a newer one keeps
 * the text and shows the conflict; Reload restarts
 * the edit from the saved note (`content`).
 */
type EditMode = {
  kind: "edit";
  noteId: number;
  version: number;
  content?: string;
  conflict?: { found: WireConflict<Note>; content: string };
};
type Mode = { kind: "view" } | { kind: "add" } | EditMode;

function NotesSkeleton() {
  return (
    <ul className="grid gap-1" aria-busy="true" aria-label="Loading notes">
      {Array.from({ length: 3 }, (_, i) => (
        <li key={i} className="flex gap-3 px-3 py-3">
          <Skeleton className="size-8 rounded-full" />
          <div className="grid flex-1 gap-2">
            <Skeleton className="h-3.5 w-40" />
            <Skeleton className="h-3 w-full" />
            <Skeleton className="h-3 w-2/3" />
          </div>
        </li>
      ))}
    </ul>
  );
}

function NotesDialogBody({ listingId, initialMode = "view", highlightNoteId }: Omit<NotesDialogProps, "open" | "onOpenChange" | "listingName">) {
  const { user } = useUser();
  const notes = useListingNotes(listingId);
  const users = useUsers();
  const addNote = useAddNote();
  const updateNote = useUpdateNote();
  const deleteNote = useDeleteNote();
  const [mode, setMode] = useState<Mode>({ kind: initialMode });
  const [highlightedId, setHighlightedId] = useState<number | null>(null);
  const [highlightMissing, setHighlightMissing] = useState(false);
  const listRef = useRef<HTMLDivElement>(null);
  const handledHighlight = useRef<number | null>(null);
  const scrollToEnd = useRef(true);

  const usernames = users.data?.map((u) => u.username) ?? [];
  // Mentioning yourself notifies nobody, so the picker does not offer it.
  const pickable = usernames.filter((name) => name !== user?.username);

  // First load: go to the highlighted note, or to the newest one (notes read oldest first).
  useEffect(() => {
    if (!notes.data) return;
    if (highlightNoteId !== undefined && handledHighlight.current !== highlightNoteId) {
      const found = notes.data.some((n) => n.id === highlightNoteId);
      // Cached notes may predate the note being pointed at: only the fresh list can say it is gone.
      if (!found && !notes.isFetchedAfterMount) return;
      handledHighlight.current = highlightNoteId;
      scrollToEnd.current = false;
      if (found) {
        // eslint-disable-next-line react-hooks/set-state-in-effect -- the list just arrived and is scrolled to the note in the same step
        setHighlightedId(highlightNoteId);
        document.getElementById(noteElementId(highlightNoteId))?.scrollIntoView({ block: "center" });
      } else {
        setHighlightMissing(true);
      }
      return;
    }
    if (scrollToEnd.current && listRef.current) {
      scrollToEnd.current = false;
      listRef.current.scrollTop = listRef.current.scrollHeight;
    }
  }, [notes.data, notes.isFetchedAfterMount, highlightNoteId]);

  useEffect(() => {
    if (highlightedId === null) return;
    const timer = setTimeout(() => setHighlightedId(null), NOTE_HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [highlightedId]);

  const save = (note: Note, content: string, version: number) =>
    updateNote.mutate(
      { note, content, version },
      {
        onSuccess: () => setMode({ kind: "view" }),
        onError: (error) => {
          const found = editConflictOf<Note>(error);
          if (found) setMode({ kind: "edit", noteId: note.id, version, content, conflict: { found, content } });
        },
      },
    );

  const conflictFor = (note: Note, { conflict }: EditMode) => {
    if (!conflict) return null;
    const { current } = conflict.found;
    return (
      <EditConflictNotice
        what="note"
        // Only the author edits a note: whoever saved it was this person, in another tab or device.
        changedBy="You"
        changedAt={conflict.found.changedAt}
        // The server refuses only an edit whose text differs from a newer saved one.
        changes={[{ label: "Note", value: current.content }]}
        busy={updateNote.isPending}
        onReload={() => setMode({ kind: "edit", noteId: note.id, version: current.version, content: current.content })}
        onOverwrite={() => save(note, conflict.content, current.version)}
      />
    );
  };

  const remove = (note: Note) => {
    if (!window.confirm(DELETE_NOTE_CONFIRMATION)) return;
    deleteNote.mutate(note, { onSuccess: () => setMode((m) => (m.kind === "edit" && m.noteId === note.id ? { kind: "view" } : m)) });
  };

  let list;
  if (notes.isPending) {
    list = <NotesSkeleton />;
  } else if (notes.isError) {
    list = (
      <LoadFailed
        icon={TriangleAlert}
        title="Failed to load notes"
        error={notes.error}
        onRetry={() => void notes.refetch()}
        size="sm"
        className="border-none"
      />
    );
  } else if (notes.data.length === 0) {
    list = (
      <EmptyState
        icon={MessageSquareText}
        title="No notes yet"
        description="Notes are visible to the whole team. Mention someone with @ to let them know."
        className="border-none bg-transparent py-10"
      />
    );
  } else {
    list = (
      <ul className="grid gap-1" aria-label="Notes">
        {notes.data.map((note) => (
          <NoteItem
            key={note.id}
            note={note}
            usernames={usernames}
            mentionable={pickable}
            me={user?.username}
            mine={note.userId === user?.id}
            highlighted={note.id === highlightedId}
            editing={mode.kind === "edit" && mode.noteId === note.id}
            editFrom={mode.kind === "edit" && mode.noteId === note.id ? { version: mode.version, content: mode.content } : undefined}
            conflict={mode.kind === "edit" && mode.noteId === note.id ? conflictFor(note, mode) : null}
            saving={updateNote.isPending && updateNote.variables?.note.id === note.id}
            deleting={deleteNote.isPending && deleteNote.variables?.id === note.id}
            onEdit={() => setMode({ kind: "edit", noteId: note.id, version: note.version })}
            onCancelEdit={() => setMode({ kind: "view" })}
            onSave={(content) => save(note, content, mode.kind === "edit" ? mode.version : note.version)}
            onDelete={() => remove(note)}
          />
        ))}
      </ul>
    );
  }

  return (
    <>
      <div ref={listRef} className="min-h-32 flex-1 overflow-y-auto overscroll-contain px-3 py-3 sm:px-4" data-testid="notes-list">
        {highlightMissing ? (
          <p className="mx-3 mb-2 rounded-md bg-muted px-3 py-2 text-xs text-muted-foreground" role="status">
            The note you were sent to has since been deleted.
          </p>
        ) : null}
        {list}
      </div>
      <div className="border-t px-6 py-4">
        {mode.kind === "add" ? (
          <NoteForm
            label="New note"
            submitLabel="Add Note"
            pendingLabel="Adding..."
            pending={addNote.isPending}
            usernames={pickable}
            onSubmit={(content) =>
              addNote.mutate(
                { listingId, content },
                {
                  onSuccess: () => {
                    scrollToEnd.current = true;
                    setMode({ kind: "view" });
                  },
                },
              )
            }
            onCancel={() => setMode({ kind: "view" })}
          />
        ) : (
          <div className="flex items-center justify-between gap-3">
            <p className="text-xs text-muted-foreground">
              {notes.data && notes.data.length > 0 ? `${notes.data.length} ${notes.data.length === 1 ? "note" : "notes"}` : null}
            </p>
            <Button size="sm" onClick={() => setMode({ kind: "add" })} disabled={notes.isError}>
              {notes.data?.length ? <Plus aria-hidden /> : <MessageSquarePlus aria-hidden />}
              Add Note
            </Button>
          </div>
        )}
      </div>
    </>
  );
}

/** A listing's notes: read, add, and edit or delete your own (spec §2 Notes dialog). */
export function NotesDialog({ listingId, listingName, open, onOpenChange, initialMode, highlightNoteId }: NotesDialogProps) {
  const guard = useDiscardGuard();
  return (
    <Dialog open={open} onOpenChange={guard.onOpenChange(onOpenChange)}>
      <DialogContent className="flex max-h-[min(44rem,calc(100dvh-2rem))] max-w-xl flex-col gap-0 overflow-hidden p-0" data-testid="notes-dialog">
        <DialogHeader className="border-b px-6 py-4">
          <DialogTitle>Notes</DialogTitle>
          <DialogDescription className="truncate">{listingName}</DialogDescription>
        </DialogHeader>
        {/* Mounted per opening, so each opening starts in its initial mode with fresh notes. */}
        <DiscardGuardScope guard={guard}>
          <NotesDialogBody key={listingId} listingId={listingId} initialMode={initialMode} highlightNoteId={highlightNoteId} />
        </DiscardGuardScope>
      </DialogContent>
    </Dialog>
  );
}
