import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toastError, toastSuccess } from "@/components/ui/use-toast";
import { apiJson, errorMessage } from "@/lib/api-client";
import { invalidate } from "@/lib/query-cache";
import { listingKeys } from "@/lib/query-keys";
import type { NoteItem } from "./get-listing-notes";

export interface UpdateNoteInput {
  note: Pick<NoteItem, "id" | "listingId">;
  content: string;
}

export const updateNote = ({ note, content }: UpdateNoteInput) => apiJson<NoteItem>("PATCH", `/api/notes/${note.id}`, { content });

export function useUpdateNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNote,
    onSuccess: (_note, { note }) => {
      toastSuccess("Note updated");
      return invalidate(queryClient, listingKeys.notes(note.listingId));
    },
    onError: (error, { note }) => {
      toastError("Failed to update note", errorMessage(error));
      // It may have been deleted meanwhile: show the notes as they are now.
      void invalidate(queryClient, listingKeys.notes(note.listingId));
    },
  });
}
