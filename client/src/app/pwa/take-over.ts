// What the Reload of "A new version is available" does: the new version of the service worker
// takes over, then the page loads again from it. Apart from the page's module so that it runs in
// Node against small stand-ins for the browser's objects.

/** The message the worker (client/src/sw.ts) answers with skipWaiting(): one spelling for both sides. */
export const SKIP_WAITING = { type: "SKIP_WAITING" } as const;

type Worker = Pick<ServiceWorker, "state" | "postMessage" | "addEventListener">;
type Container = {
  addEventListener(type: "controllerchange", listener: () => void, options?: AddEventListenerOptions): void;
  getRegistration(): Promise<{ waiting: Worker | null; installing: Worker | null } | undefined>;
};

/**
 * Asks the new version to take over and calls `reload` once it has (or at once when there is
 * nothing left to wait for). `reload` may be called more than once: pass one that reloads once.
 *
 * The worker is looked up when the person clicks, not when the notice came: by then the new
 * version may already have taken over (another tab's Reload), and then no `controllerchange`
 * is coming to this page; a reload loads the version now active. The takeover is awaited both
 * ways, by `controllerchange` and by the worker's own state, so that neither one missed leaves
 * the button doing nothing.
 */
export async function takeOverAndReload(container: Container, reload: () => void): Promise<void> {
  const registration = await container.getRegistration();
  // Still installing when the notice was quick: skipWaiting() then takes effect once installed.
  const next = registration?.waiting ?? registration?.installing ?? null;
  if (!next) return reload();
  container.addEventListener("controllerchange", reload, { once: true });
  next.addEventListener("statechange", () => {
    // Redundant: a newer version replaced it; the reload shows the notice for that one.
    if (next.state === "activated" || next.state === "redundant") reload();
  });
  next.postMessage(SKIP_WAITING);
}
