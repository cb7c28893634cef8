import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toastError, toastSuccess } from "@/components/ui/use-toast";
import { notificationsQueryKey } from "@/features/notifications/api/get-notifications";
import { apiJson, errorMessage } from "@/lib/api-client";
import type { NoteItem } from "./get-listing-notes";
import { refreshAfterNote } from "./refresh-after-note";

export interface AddNoteInput {
  listingId: string;
  content: string;
}

export const addNote = ({ listingId, content }: AddNoteInput) =>
  apiJson<NoteItem>("POST", `/api/listings/${encodeURIComponent(listingId)}/notes`, { content });

export function useAddNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addNote,
    onSuccess: () => {
      toastSuccess("Note added");
      return Promise.all([
        refreshAfterNote(queryClient),
        queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
      ]);
    },
    onError: (error) => {
      toastError("Failed to add note", errorMessage(error));
    },
  });
}
