import { eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/database.js";
import { appAddress } from "../../db/tables.js";

export interface StoredAppAddress {
  setupOrigin: string | null;
  chosenOrigin: string | null;
}

export async function findAppAddress(db: Db | Tx): Promise<StoredAppAddress | undefined> {
  const [row] = await db.select({ setupOrigin: appAddress.setupOrigin, chosenOrigin: appAddress.chosenOrigin }).from(appAddress).where(eq(appAddress.id, 1));
  return row;
}

/** Keeps the first setup origin only: a later call changes nothing. */
export async function insertSetupOrigin(tx: Tx, origin: string): Promise<void> {
  await tx.insert(appAddress).values({ setupOrigin: origin }).onConflictDoNothing({ target: appAddress.id });
}

export async function saveChosenOrigin(tx: Tx, origin: string | null, actorId: number): Promise<void> {
  await tx
    .insert(appAddress)
    .values({ chosenOrigin: origin, updatedById: actorId })
    .onConflictDoUpdate({ target: appAddress.id, set: { chosenOrigin: origin, updatedById: actorId, updatedAt: new Date() } });
}
