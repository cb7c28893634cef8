import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { UserSettings } from "@shared/schema";
import { toastError, toastSuccess } from "@/components/ui/use-toast";
import { apiJson, errorMessage } from "@/lib/api-client";
import { settingsKeys } from "@/lib/query-keys";

export const updateSettings = (values: Partial<UserSettings>) => apiJson<UserSettings>("PATCH", "/api/settings", values);

export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSettings,
    // The reply is the saved settings: every badge and card takes the new colours at once.
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsKeys.all, saved);
      toastSuccess("Settings saved successfully");
    },
    onError: (error) => {
      toastError("Failed to save settings", errorMessage(error));
    },
  });
}
