import { useQuery } from "@tanstack/react-query";
import type { WishDto } from "@shared/schema";
import type { Wire } from "@shared/wire";
import { apiJson } from "@/lib/api-client";
import { wishKeys } from "@/lib/query-keys";

/** A wish as it arrives over JSON (dates are ISO strings). */
export type WishItem = Wire<WishDto>;

export const getWishes = () => apiJson<WishItem[]>("GET", "/api/wishes");

/** Every wish, newest first. */
export function useWishes() {
  return useQuery({ queryKey: wishKeys.all, queryFn: getWishes });
}
