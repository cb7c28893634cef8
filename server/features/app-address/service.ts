// The trusted origin: what every link the app sends is
// built from. PUBLIC_URL when the server has one; otherwise an origin the team gave the server
// (an admin's choice in Settings, or the origin the first admin set the app up from); never the
// Host header of whoever is asking now.
import type { AppAddress, AppAddressUpdate } from "../../../shared/app-address.js";
import type { Db, Tx } from "../../db/database.js";
import { badRequest } from "../../http/http-error.js";
import { publicUrlOrigin, publicUrlProblem } from "../../http/public-origin.js";
import { recordAuditEvent } from "../audit/service.js";
import { findAppAddress, insertSetupOrigin, saveChosenOrigin } from "./data.js";

/** The address as Settings shows it, `publicUrl` being the server's PUBLIC_URL (an origin) if set. */
export async function getAppAddress(db: Db | Tx, publicUrl: string | undefined): Promise<AppAddress> {
  const stored = await findAppAddress(db);
  const chosen = stored?.chosenOrigin ?? null;
  const setup = stored?.setupOrigin ?? null;
  if (publicUrl) return { inEffect: publicUrl, source: "public-url", chosen, setup };
  if (chosen) return { inEffect: chosen, source: "chosen", chosen, setup };
  return { inEffect: setup, source: setup ? "setup" : null, chosen, setup };
}

/** The origin links are built from, or null when the server has none yet. */
export async function trustedOriginOf(db: Db | Tx, publicUrl: string | undefined): Promise<string | null> {
  return publicUrl ?? (await getAppAddress(db, publicUrl)).inEffect;
}

/** Called in the first admin's setup: the origin they set the app up from (kept once). */
export const recordSetupOrigin = (tx: Tx, origin: string) => insertSetupOrigin(tx, origin);

/** An admin's choice: an address checked like PUBLIC_URL, or "" to clear it. */
export async function saveAppAddress(db: Db, update: AppAddressUpdate, actorId: number, publicUrl: string | undefined): Promise<AppAddress> {
  const problem = update.address === "" ? null : publicUrlProblem(update.address);
  if (problem) throw badRequest(`App address ${problem}`, { address: `App address ${problem}` });
  const origin = update.address === "" ? null : publicUrlOrigin(update.address);
  return db.transaction(async (tx) => {
    const before = (await findAppAddress(tx))?.chosenOrigin ?? null;
    if (before !== origin) {
      await saveChosenOrigin(tx, origin, actorId);
      await recordAuditEvent(tx, { kind: "settings.changed", actorId, data: { changes: { appAddress: [before, origin] } } });
    }
    return getAppAddress(tx, publicUrl);
  });
}
