import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toastError, toastSuccess } from "@/components/ui/use-toast";
import { apiRequest, errorMessage } from "@/lib/api-client";
import type { NoteItem } from "./get-listing-notes";
import { refreshAfterNote } from "./refresh-after-note";

export const deleteNote = async (note: Pick<NoteItem, "id" | "listingId">) => {
  await apiRequest("DELETE", `/api/notes/${note.id}`);
};

export function useDeleteNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteNote,
    onSuccess: () => {
      toastSuccess("Note deleted");
      return refreshAfterNote(queryClient);
    },
    onError: (error) => {
      toastError("Failed to delete note", errorMessage(error));
      void refreshAfterNote(queryClient);
    },
  });
}
