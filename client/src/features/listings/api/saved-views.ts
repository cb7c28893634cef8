// Saved views (docs/decisions/298-saved-views.md): the list, and saving, changing and deleting one.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { insertViewSchema, SavedViewDto, ViewPatch } from "@shared/saved-views";
import { toastError } from "@/components/ui/use-toast";
import { apiJson, apiRequest, errorMessage } from "@/lib/api-client";
import { invalidate } from "@/lib/query-cache";
import { viewKeys } from "@/lib/first-page-query-keys";

export type SavedView = SavedViewDto;

/** My personal views and every team view, team first. */
export function useSavedViews() {
  return useQuery({ queryKey: viewKeys.all, queryFn: () => apiJson<SavedView[]>("GET", "/api/views") });
}

function useViewMutation<I>(mutationFn: (input: I) => Promise<unknown>, failure: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onError: (error) => toastError(failure, errorMessage(error)),
    onSettled: () => invalidate(queryClient, viewKeys.all),
  });
}

export const useSaveView = () =>
  useViewMutation((input: z.input<typeof insertViewSchema>) => apiJson<SavedView>("POST", "/api/views", input), "The view was not saved");

export const useUpdateView = () =>
  useViewMutation(({ id, ...patch }: ViewPatch & { id: number }) => apiJson<SavedView>("PATCH", `/api/views/${id}`, patch), "The view was not changed");

export const useDeleteView = () => useViewMutation((id: number) => apiRequest("DELETE", `/api/views/${id}`), "The view was not deleted");
