import { useMutation, useQueryClient } from "@tanstack/react-query";
import { insertListingSchema } from "@shared/schema";
import { toastError, toastSuccess } from "@/components/ui/use-toast";
import { apiJson, errorMessage } from "@/lib/api-client";
import { invalidate } from "@/lib/query-cache";
import { auditKeys, listingChangeKeys } from "@/lib/query-keys";

/**
 * "Recreate as a new listing": the deleted listing's snapshot, sent as a new listing, so it gets
 * a new id and today's checks.
 */
export const recreateListing = (snapshot: Record<string, unknown>) => {
  const fields = Object.keys(insertListingSchema.shape);
  const body = Object.fromEntries(fields.filter((f) => f in snapshot).map((f) => [f, snapshot[f]]));
  return apiJson<{ id: string; listingName: string }>("POST", "/api/listings", body);
};

export function useRecreateListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recreateListing,
    onSuccess: (listing) => {
      toastSuccess(`Recreated “${listing.listingName}” as a new listing`);
      return invalidate(queryClient, ...listingChangeKeys, auditKeys.all);
    },
    onError: (error) => toastError("Could not recreate the listing", errorMessage(error)),
  });
}
