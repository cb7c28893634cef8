// What the service worker keeps for reading offline, shared by the worker (client/src/sw.ts) and
// the page (which empties it at sign-out): docs/decisions/190-installable-app-and-offline.md.

/** The Cache Storage name holding the last answers to the reads below. */
export const OFFLINE_READS_CACHE = "offline-reads-v1";

/**
 * GET calls whose last answer is kept, so a signed-in person who reloads offline still sees the
 * lists they had: who is signed in, their settings, the agents, both listing folders and their
 * counts; and the notes of each listing whose notes were opened (OFFLINE_NOTES_PATH). Nothing
 * else is cached: no writes, no notifications, no single listings.
 */
export const OFFLINE_READ_PATHS: readonly string[] = [
  "/api/user",
  "/api/settings",
  "/api/agents",
  "/api/listings/active",
  "/api/listings/inactive",
  "/api/listings/counts",
];

/** A listing's notes, as the notes dialog reads them: kept once read, like the lists. */
export const OFFLINE_NOTES_PATH = /^\/api\/listings\/[^/]+\/notes$/;

/** Whether the service worker keeps the last answer of a GET to this path. */
export const isOfflineRead = (pathname: string) => OFFLINE_READ_PATHS.includes(pathname) || OFFLINE_NOTES_PATH.test(pathname);

/** Forgets every kept answer: called when a session ends, so the next person sees nothing of it. */
export async function clearOfflineReads(): Promise<void> {
  if (typeof caches === "undefined") return;
  await caches.delete(OFFLINE_READS_CACHE);
}
