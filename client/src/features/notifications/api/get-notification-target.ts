import type { Listing } from "@shared/schema";
import type { Wire } from "@shared/wire";
import { apiJson } from "@/lib/api-client";
import type { NotificationItem } from "./get-notifications";

/**
 * Where a notification leads (spec §2): the listing's screen, Active Listings or Not In Use,
 * opened on the note; the home screen when the listing cannot be read (deleted, offline).
 */
export async function getNotificationTarget({ listingId, noteId }: Pick<NotificationItem, "listingId" | "noteId">): Promise<string> {
  try {
    const listing = await apiJson<Pick<Wire<Listing>, "isActive">>("GET", `/api/listings/${encodeURIComponent(listingId)}`);
    const params = new URLSearchParams({ listingId, noteId: String(noteId) });
    return `${listing.isActive ? "/" : "/not-in-use"}?${params}`;
  } catch {
    return "/";
  }
}
