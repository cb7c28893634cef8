import { useQuery } from "@tanstack/react-query";
import type { RoomActivity } from "@shared/deal-room";
import { apiJson } from "@/lib/api-client";
import { roomKeys } from "./room-rules";

/** Buyers' views and downloads in a listing's room, its recall list and its funnel. */
export function useRoomActivity(listingId: string) {
  return useQuery({ queryKey: roomKeys.activity(listingId), queryFn: () => apiJson<RoomActivity>("GET", `/api/listings/${listingId}/room/activity`) });
}
