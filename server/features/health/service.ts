import { ping, type Db } from "../../db/database.js";

/** Resolves once the database answers a trivial query; rejects (a 500) when it does not. */
export async function checkHealth(db: Db): Promise<{ ok: true }> {
  await ping(db);
  return { ok: true };
}
