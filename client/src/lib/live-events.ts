// The live workspace's client half (docs/decisions/183-live-events-in-the-browser.md): one
// EventSource on GET /api/events while someone is signed in, each event refreshing the cached
// queries it made stale through the one invalidation helper, so open lists, the open listing,
// sidebar counts and the bell follow teammates' changes without a reload.
import type { QueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { invalidate } from "./query-cache";
import { agentKeys, listingChangeKeys, listingKeys, notificationKeys, settingsKeys, userKeys } from "./query-keys";

export const LIVE_EVENTS_URL = "/api/events";
export const LIVE_EVENT_NAMES = ["listings", "notes", "agents", "notifications", "settings", "resync"] as const;
export type LiveEventName = (typeof LIVE_EVENT_NAMES)[number];

/** After EventSource gives up (a 502 from a proxy while the server restarts), try again this much later. */
const RECONNECT_MS = 3_000;

/** Marks stale what an event says changed; the queries on screen refetch. */
export function applyLiveEvent(queryClient: QueryClient, name: LiveEventName): Promise<void> {
  switch (name) {
    case "listings":
      // What the app's own listing changes refresh (spec §7): every listing query, and the
      // agents' listing badges. Only the queries on screen refetch.
      return invalidate(queryClient, ...listingChangeKeys);
    case "notes":
      // The listing's notes, and the lists' note counts: what adding a note here refreshes.
      return invalidate(queryClient, listingKeys.all);
    case "agents":
      // Lists show each listing's agent name.
      return invalidate(queryClient, agentKeys.all, listingKeys.all);
    case "notifications":
      return invalidate(queryClient, notificationKeys.all);
    case "settings":
      return invalidate(queryClient, settingsKeys.all);
    case "resync":
      return invalidate(queryClient, listingKeys.all, agentKeys.all, notificationKeys.all, settingsKeys.all, userKeys.all);
  }
}

type LiveListener = (data: unknown) => void;
const listeners = new Map<LiveEventName, Set<LiveListener>>();

/** The event's JSON payload (e.g. `listings` `{ids, deleted?}` or `{ids: [], many: true}`), or null. */
function payload(event: MessageEvent): unknown {
  try {
    return JSON.parse(String(event.data));
  } catch {
    return null;
  }
}

/**
 * Calls `listener` with each `name` event's payload while the component is mounted: for a screen
 * that must say something when a teammate changes what it shows (an open edit form,
 * docs/decisions/231-crossing-edits-in-the-form.md), beyond the cache refresh every event makes.
 */
export function useLiveEvent(name: LiveEventName, listener: LiveListener): void {
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => {
    const call: LiveListener = (data) => latest.current(data);
    const set = listeners.get(name) ?? new Set();
    listeners.set(name, set.add(call));
    return () => {
      set.delete(call);
    };
  }, [name]);
}

/** Keeps one event stream open while `userId` is signed in; closes it when they sign out. */
export function useLiveEvents(queryClient: QueryClient, userId: number | undefined): void {
  useEffect(() => {
    if (userId === undefined || typeof EventSource === "undefined") return;
    let source: EventSource | undefined;
    let lastEventId: string | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;

    const connect = () => {
      // A new EventSource forgets where the last one was: say it, so the server replays or resyncs.
      source = new EventSource(lastEventId ? `${LIVE_EVENTS_URL}?lastEventId=${encodeURIComponent(lastEventId)}` : LIVE_EVENTS_URL);
      const remember = (event: MessageEvent) => {
        if (event.lastEventId) lastEventId = event.lastEventId;
      };
      source.addEventListener("ready", remember);
      for (const name of LIVE_EVENT_NAMES) {
        source.addEventListener(name, (event) => {
          remember(event);
          void applyLiveEvent(queryClient, name);
          const heard = listeners.get(name);
          if (heard?.size) for (const listener of heard) listener(payload(event));
        });
      }
      // EventSource reconnects by itself after a dropped connection; after a refused one (not
      // 200) it stops, so we start over. A 401 also reaches the app through its own queries.
      source.onerror = () => {
        if (stopped || source?.readyState !== EventSource.CLOSED) return;
        retry = setTimeout(connect, RECONNECT_MS);
      };
    };

    connect();
    return () => {
      stopped = true;
      clearTimeout(retry);
      source?.close();
    };
  }, [queryClient, userId]);
}
