import { useQuery } from "@tanstack/react-query";
import type { WishDto } from "@shared/schema";
import { apiJson } from "@/lib/api-client";

/** A wish as it arrives over JSON (dates are ISO strings). */
export type WishItem = Omit<WishDto, "createdAt"> & { createdAt: string };

export const wishesQueryKey = ["/api/wishes"] as const;

export const getWishes = () => apiJson<WishItem[]>("GET", "/api/wishes");

/** Every wish, newest first. */
export function useWishes() {
  return useQuery({ queryKey: wishesQueryKey, queryFn: getWishes });
}
