import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { InventorySettings, InventorySettingsUpdate } from "@shared/inventory";
import { apiJson } from "@/lib/api-client";
import { inventorySettingsKeys } from "@/lib/query-keys";

/** The public inventory's settings and address (admins). */
export function useInventorySettings(enabled: boolean) {
  return useQuery({ queryKey: inventorySettingsKeys.settings, queryFn: () => apiJson<InventorySettings>("GET", "/api/inventory-settings"), enabled });
}

export function useSaveInventorySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: InventorySettingsUpdate) => apiJson<InventorySettings>("PUT", "/api/inventory-settings", update),
    onSuccess: (saved) => queryClient.setQueryData(inventorySettingsKeys.settings, saved),
  });
}
