import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toastError, toastSuccess } from "@/components/ui/use-toast";
import { apiRequest, errorMessage } from "@/lib/api-client";
import { invalidate } from "@/lib/query-cache";
import { listingChangeKeys } from "@/lib/query-keys";
import { removeListingFromCaches } from "./listing-cache";

export const deleteListing = async (id: string) => {
  await apiRequest("DELETE", `/api/listings/${encodeURIComponent(id)}`);
};

export function useDeleteListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteListing,
    onSuccess: (_result, id) => {
      // Dropped at once, so neither the list nor a closing dialog shows it (or asks for it) again.
      removeListingFromCaches(queryClient, id);
      toastSuccess("Listing deleted");
      void invalidate(queryClient, ...listingChangeKeys);
    },
    onError: (error) => {
      toastError("Failed to delete listing. Please try again.", errorMessage(error));
    },
  });
}
