import { useQuery } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-client";

export interface NeedsSetup {
  needsSetup: boolean;
}

export const needsSetupQueryKey = ["/api/needs-setup"] as const;

export const getNeedsSetup = () => apiJson<NeedsSetup>("GET", "/api/needs-setup");

export function useNeedsSetup({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: needsSetupQueryKey, queryFn: getNeedsSetup, enabled });
}
