// What the service worker keeps for reading offline, shared by the worker (client/src/sw.ts) and
// the page (which empties it at sign-out): docs/decisions/190-installable-app-and-offline.md.

/** The Cache Storage name holding the last answers to the reads below. */
export const OFFLINE_READS_CACHE = "offline-reads-v1";

/**
 * GET calls whose last answer is kept, so a signed-in person who reloads offline still sees the
 * lists they had: who is signed in, their settings, the agents, both listing folders and their
 * counts. Nothing else is cached: no writes, no notifications, no single listings or notes.
 */
export const OFFLINE_READ_PATHS: readonly string[] = [
  "/api/user",
  "/api/settings",
  "/api/agents",
  "/api/listings/active",
  "/api/listings/inactive",
  "/api/listings/counts",
];

/** Forgets every kept answer: called when a session ends, so the next person sees nothing of it. */
export async function clearOfflineReads(): Promise<void> {
  if (typeof caches === "undefined") return;
  await caches.delete(OFFLINE_READS_CACHE);
}
