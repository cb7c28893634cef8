import { eq } from "drizzle-orm";
import { type UserSettings } from "../../../shared/schema.js";
import { settings } from "../../db/tables.js";
import type { Db, Tx } from "../../db/database.js";

const publicColumns = {
  singleColor: settings.singleColor,
  doubleColor: settings.doubleColor,
  tripleColor: settings.tripleColor,
  homerunColor: settings.homerunColor,
  grandSlamColor: settings.grandSlamColor,
  enableCardShadow: settings.enableCardShadow,
  mentionEmail: settings.mentionEmail,
};

export async function findSettings(db: Db | Tx, userId: number): Promise<UserSettings | undefined> {
  const [row] = await db.select(publicColumns).from(settings).where(eq(settings.userId, userId));
  return row;
}

/** Creates the user's row with the column defaults; a concurrent first read makes it only once. */
export async function insertDefaultSettings(db: Db | Tx, userId: number): Promise<void> {
  await db.insert(settings).values({ userId }).onConflictDoNothing({ target: settings.userId });
}

/** One statement whether or not the row exists yet, so a first save cannot race a first read. */
export async function upsertSettings(db: Db | Tx, userId: number, values: Partial<UserSettings>): Promise<UserSettings> {
  const [row] = await db
    .insert(settings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: settings.userId, set: values })
    .returning(publicColumns);
  return row;
}
