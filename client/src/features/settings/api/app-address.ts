import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AppAddress } from "@shared/app-address";
import { apiJson } from "@/lib/api-client";
import { brandKeys } from "@/lib/query-keys";

/** Where the links in the app's mail point: everyone reads it, admins change it. */
export function useAppAddress() {
  return useQuery({ queryKey: brandKeys.appAddress, queryFn: () => apiJson<AppAddress>("GET", "/api/settings/app-address") });
}

export function useSaveAppAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (address: string) => apiJson<AppAddress>("PUT", "/api/settings/app-address", { address }),
    onSuccess: (saved) => queryClient.setQueryData(brandKeys.appAddress, saved),
  });
}
