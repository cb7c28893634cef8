import { useQuery } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-client";
import { authKeys } from "@/lib/query-keys";

export interface NeedsSetup {
  needsSetup: boolean;
}

export const getNeedsSetup = () => apiJson<NeedsSetup>("GET", "/api/needs-setup");

export function useNeedsSetup({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: authKeys.needsSetup, queryFn: getNeedsSetup, enabled });
}
