import { useQuery } from "@tanstack/react-query";
import type { Brand } from "@shared/brand";
import { apiJson } from "@/lib/api-client";
import { brandKeys } from "@/lib/query-keys";

export const getBrand = () => apiJson<Brand>("GET", "/api/brand");

/** The brokerage's brand: everyone reads it, admins change it (Settings). */
export function useBrand() {
  return useQuery({ queryKey: brandKeys.all, queryFn: getBrand });
}
