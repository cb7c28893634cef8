import { describe, expect, it } from "vitest";
import { BACKUP_FAILED_NOTIFICATION } from "@shared/backups";
import { ROOM_NOTICE } from "@shared/deal-room";
import { INQUIRY_NOTICE } from "@shared/leads";
import { getNotificationTarget, SETTINGS_BACKUPS } from "./get-notification-target";

describe("getNotificationTarget", () => {
  it("opens an inquiry's lead, or the Leads page for a notice written before notices named the lead", async () => {
    expect(await getNotificationTarget({ type: INQUIRY_NOTICE, leadId: 42, listingId: "l-1", noteId: null })).toBe("/leads/42");
    expect(await getNotificationTarget({ type: INQUIRY_NOTICE, leadId: null, listingId: "l-1", noteId: null })).toBe("/leads");
  });

  it("opens a deal-room notice (a signed agreement, a buyer waiting) on the listing's room", async () => {
    expect(await getNotificationTarget({ type: ROOM_NOTICE, leadId: 7, listingId: "l-1", noteId: null })).toBe("/listings/l-1/room");
  });

  it("opens a workspace notice (a failed backup) at Settings' Backups section", async () => {
    expect(SETTINGS_BACKUPS).toBe("/settings#backups");
    expect(await getNotificationTarget({ type: BACKUP_FAILED_NOTIFICATION, leadId: null, listingId: null, noteId: null })).toBe(SETTINGS_BACKUPS);
  });
});
