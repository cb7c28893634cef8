import type { UserSettings } from "../../../shared/schema.js";
import type { Db } from "../../db/database.js";
import { fieldChanges, recordAuditEvent } from "../audit/service.js";
import { findSettings, insertDefaultSettings, upsertSettings } from "./data.js";

/** A user's settings, created with the spec's defaults on first read. */
export async function getSettings(db: Db, userId: number): Promise<UserSettings> {
  const existing = await findSettings(db, userId);
  if (existing) return existing;
  await insertDefaultSettings(db, userId);
  return (await findSettings(db, userId))!;
}

export async function saveSettings(db: Db, userId: number, values: Partial<UserSettings>): Promise<UserSettings> {
  if (Object.keys(values).length === 0) return getSettings(db, userId);
  return db.transaction(async (tx) => {
    // The row exists before the save, so its first change is logged against the defaults.
    await insertDefaultSettings(tx, userId);
    const before = await findSettings(tx, userId);
    const saved = await upsertSettings(tx, userId, values);
    const changes = fieldChanges(before ?? {}, values);
    if (Object.keys(changes).length > 0) await recordAuditEvent(tx, { kind: "settings.changed", actorId: userId, data: { changes } });
    return saved;
  });
}
