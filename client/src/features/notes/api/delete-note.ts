import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toastError, toastSuccess } from "@/components/ui/use-toast";
import { apiRequest, errorMessage } from "@/lib/api-client";
import { invalidate } from "@/lib/query-cache";
import { listingKeys } from "@/lib/query-keys";
import type { NoteItem } from "./get-listing-notes";

export const deleteNote = async (note: Pick<NoteItem, "id" | "listingId">) => {
  await apiRequest("DELETE", `/api/notes/${note.id}`);
};

export function useDeleteNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteNote,
    onSuccess: () => {
      toastSuccess("Note deleted");
      // The listing's notes and noteCount (the With Notes filter) changed.
      return invalidate(queryClient, listingKeys.all);
    },
    onError: (error) => {
      toastError("Failed to delete note", errorMessage(error));
      void invalidate(queryClient, listingKeys.all);
    },
  });
}
