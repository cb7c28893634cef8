// What the template CSV import (server/features/csv) and the import wizard (server/features/imports)
// share, so that both accept, refuse, match and exclude each other alike:
// the shape of a row, the columns
// an import writes, agent names, the import lock and matching rows to existing listings.
import type { Db, Tx } from "../../db/database.js";
import { agentResolver, type AgentMatch } from "./agent-names.js";
import { asciiKeysAgree, beginImport, findMatches, listAgentNames, type MatchRow } from "./data.js";

export { rowShape, type ImportValues } from "./row-shape.js";
export { WRITE_COLUMNS, type WritableField } from "./write-columns.js";
export { locationAssignments, LOCATION_WRITTEN } from "./location-rules.js";
export type { AgentMatch, MatchRow };

/**
 * Takes the import lock for the rest of the transaction, unless another import holds it
 * (`locked: false`: the caller answers 409 rather than wait). `asciiKeysHere`: match keys of
 * plain ASCII text may be computed in JavaScript on this database.
 */
export async function takeImportLock(tx: Tx): Promise<{ locked: boolean; asciiKeysHere: boolean }> {
  return beginImport(tx);
}

/** Whether match keys of plain ASCII text may be computed in JavaScript here (the lock's second answer, without the lock). */
export async function asciiKeysComputedHere(db: Db | Tx): Promise<boolean> {
  return asciiKeysAgree(db);
}

/** For each (name, address) pair, its match key and the listings that already have it, in id order. */
export async function matchListings(
  tx: Tx,
  pairs: { name: string; address: string }[],
  opts: { asciiKeysHere: boolean },
): Promise<MatchRow[]> {
  return findMatches(tx, pairs, opts);
}

/**
 * Reads an Agent cell against the agents there are now: a name matched ignoring case and extra
 * spaces; a name two agents share is settled by the listings the row updates.
 */
export async function agentResolverFor(tx: Tx): Promise<(name: string, currentAgentIds: (string | null)[]) => AgentMatch> {
  return agentResolver(await listAgentNames(tx));
}
