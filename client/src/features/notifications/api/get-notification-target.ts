import { ROOM_NOTICE } from "@shared/deal-room";
import { INQUIRY_NOTICE } from "@shared/leads";
import type { Listing } from "@shared/schema";
import type { Wire } from "@shared/wire";
import { apiJson } from "@/lib/api-client";
import type { NotificationItem } from "./get-notifications";

/** Settings, scrolled to its Backups section (the one notice about the workspace is a backup's). */
export const SETTINGS_BACKUPS = "/settings#backups";

/**
 * Where a notification leads (spec §2): a mention opens the listing's screen, Active Listings or
 * Not In Use, on the note (the home screen when the listing cannot be read: deleted, offline); an
 * inquiry opens its lead's page (the Leads page for one written before notices named the lead); a
 * deal-room notice (a signed agreement, a buyer waiting) opens the listing's room; a notice about the workspace (a failed backup) opens Settings at its Backups section.
 */
export async function getNotificationTarget({ listingId, noteId, leadId, type }: Pick<NotificationItem, "listingId" | "noteId" | "leadId" | "type">): Promise<string> {
  if (type === INQUIRY_NOTICE) return leadId === null ? "/leads" : `/leads/${leadId}`;
  if (type === ROOM_NOTICE && listingId !== null) return `/listings/${encodeURIComponent(listingId)}/room`;
  if (listingId === null || noteId === null) return SETTINGS_BACKUPS;
  try {
    const listing = await apiJson<Pick<Wire<Listing>, "isActive">>("GET", `/api/listings/${encodeURIComponent(listingId)}`);
    const params = new URLSearchParams({ listingId, noteId: String(noteId) });
    return `${listing.isActive ? "/" : "/not-in-use"}?${params}`;
  } catch {
    return "/";
  }
}
