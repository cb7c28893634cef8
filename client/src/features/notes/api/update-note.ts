import { useMutation, useQueryClient } from "@tanstack/react-query";
import { versionTag } from "@shared/edit-conflicts";
import { toastError, toastSuccess } from "@/components/ui/use-toast";
import { apiJson, editConflictOf, errorMessage } from "@/lib/api-client";
import { invalidate } from "@/lib/query-cache";
import { listingKeys } from "@/lib/query-keys";
import type { NoteItem } from "./get-listing-notes";

export interface UpdateNoteInput {
  note: Pick<NoteItem, "id" | "listingId">;
  content: string;
  /** The version the edit started from, sent as If-Match. */
  version?: number;
}

export const updateNote = ({ note, content, version }: UpdateNoteInput) =>
  apiJson<NoteItem>(
    "PATCH",
    `/api/notes/${note.id}`,
    { content },
    version === undefined ? undefined : { "If-Match": versionTag("note", note.id, version) },
  );

export function useUpdateNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNote,
    onSuccess: (_note, { note }) => {
      toastSuccess("Note updated");
      return invalidate(queryClient, listingKeys.notes(note.listingId));
    },
    onError: (error, { note }) => {
      // A conflict is shown beside the note being edited, with the choice to make.
      if (!editConflictOf(error)) toastError("Failed to update note", errorMessage(error));
      // It may have been deleted meanwhile: show the notes as they are now.
      void invalidate(queryClient, listingKeys.notes(note.listingId));
    },
  });
}
