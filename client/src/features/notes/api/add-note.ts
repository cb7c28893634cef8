import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toastError, toastSuccess } from "@/components/ui/use-toast";
import { apiJson, errorMessage } from "@/lib/api-client";
import { invalidate } from "@/lib/query-cache";
import { listingKeys, notificationKeys } from "@/lib/query-keys";
import type { NoteItem } from "./get-listing-notes";

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
      // The listing's notes and noteCount (the With Notes filter) changed; spec §7 also refreshes
      // the notifications after a note.
      return invalidate(queryClient, listingKeys.all, notificationKeys.all);
    },
    onError: (error) => {
      toastError("Failed to add note", errorMessage(error));
    },
  });
}
