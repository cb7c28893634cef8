// The live workspace's client half: one
// EventSource on GET /api/events while someone is signed in, each event refreshing the cached
// queries it made stale through the one invalidation helper, so open lists, the open listing,
// sidebar counts and the bell follow teammates' changes without a reload. Posts written in the
// background and an import's progress arrive the same way: the only poll left is the bell's
// (spec §9).
import type { QueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { invalidate } from "./query-cache";
import { forgetReads, takeStart } from "./read-positions";
import { agentKeys, brandKeys, importKeys, leadKeys, listingChangeKeys, listingKeys, notificationKeys, settingsKeys, userKeys } from "./query-keys";

export const LIVE_EVENTS_URL = "/api/events";
export const LIVE_EVENT_NAMES = ["listings", "notes", "agents", "notifications", "settings", "imports", "brand", "prospects", "campaigns", "resync"] as const;
export type LiveEventName = (typeof LIVE_EVENT_NAMES)[number];

/**
 * After EventSource gives up (a 502 from a proxy while the server restarts, a 503 from a server
 * holding all the streams it may), the first retry comes about this much later, each next one
 * twice as late up to RECONNECT_MAX_MS: a full server is not asked again every 3 s by every page.
 */
const RECONNECT_MS = 3_000;
const RECONNECT_MAX_MS = 60_000;

/**
 * How long to wait before the `attempt`th retry in a row (from 0), given a `random` in [0, 1):
 * doubling from RECONNECT_MS, capped, and spread over its upper half so that the pages a restart
 * or a full server turned away do not all come back at once.
 */
export function reconnectDelay(attempt: number, random: number): number {
  const ceiling = Math.min(RECONNECT_MS * 2 ** attempt, RECONNECT_MAX_MS);
  return Math.round(ceiling * (0.5 + random / 2));
}

/** What tells that the person is back at a page: it shows again, gets focus, or is clicked or typed in. */
const RETURN_EVENTS = { document: ["visibilitychange"], window: ["focus", "pointerdown", "keydown"] } as const;

/**
 * Calls `resume` once when the person comes back to the page:
 * a stream replaced by a newer tab's waits for that, so that tabs never take turns replacing each
 * other on their own. Returns what stops waiting.
 */
export function whenPersonReturns(
  doc: Pick<Document, "visibilityState"> & EventTarget,
  win: EventTarget,
  resume: () => void,
): () => void {
  const back = () => {
    if (doc.visibilityState !== "visible") return;
    stop();
    resume();
  };
  const stop = () => {
    for (const name of RETURN_EVENTS.document) doc.removeEventListener(name, back);
    for (const name of RETURN_EVENTS.window) win.removeEventListener(name, back);
  };
  for (const name of RETURN_EVENTS.document) doc.addEventListener(name, back);
  for (const name of RETURN_EVENTS.window) win.addEventListener(name, back);
  return stop;
}

/** Reads again the queries on screen that wait for the stream (WAITS_FOR_STREAM, live-stream-meta.ts). */
export function catchUpWaiting(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ predicate: (query) => query.meta?.waitsForStream === true });
}

/** Marks stale what an event says changed; the queries on screen refetch. */
export function applyLiveEvent(queryClient: QueryClient, name: LiveEventName, data?: unknown): Promise<void> {
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
    case "imports": {
      // An import being committed moved on (sent to the person committing it, a few times a second).
      const id = (data as { id?: unknown } | null)?.id;
      return typeof id === "string" ? invalidate(queryClient, importKeys.detail(id)) : Promise.resolve();
    }
    case "brand":
      return invalidate(queryClient, brandKeys.all);
    case "prospects": {
      // A listing's pipeline moved: its board and
      // timeline, and the Leads page with its follow-ups.
      const id = (data as { listingId?: unknown } | null)?.listingId;
      const listing = typeof id === "string" ? [listingKeys.prospects(id), listingKeys.activity(id)] : [listingKeys.all];
      return invalidate(queryClient, ...listing, leadKeys.all, leadKeys.followUps);
    }
    case "campaigns":
      return refreshCampaigns(queryClient);
    case "resync":
      return invalidate(queryClient, listingKeys.all, agentKeys.all, notificationKeys.all, settingsKeys.all, brandKeys.all, userKeys.all, importKeys.all, leadKeys.all, leadKeys.followUps, ["/api/campaigns"]);
  }
}

/**
 * A campaign moved (a status, a message sent, a bounce, a click; at most once a second): the
 * Campaigns page's queries (the campaigns feature's own keys, kept out of the first page's
 * query-keys.ts) and a listing's marketing panel, which shows the listing's campaigns.
 */
const refreshCampaigns = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ predicate: ({ queryKey: key }) => key[0] === "/api/campaigns" || key[2] === "marketing" });

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
 * Calls `listener` with each `name` event's payload until the returned function is called, beyond
 * the cache refresh every event makes: for work that outlives a screen (announcing posts written
 * in the background after the form has closed).
 */
export function onLiveEvent(name: LiveEventName, listener: LiveListener): () => void {
  const set = listeners.get(name) ?? new Set();
  listeners.set(name, set.add(listener));
  return () => {
    set.delete(listener);
  };
}

/**
 * `onLiveEvent` while the component is mounted: for a screen that must say something when a
 * teammate changes what it shows (an open edit form).
 */
export function useLiveEvent(name: LiveEventName, listener: LiveListener): void {
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => onLiveEvent(name, (data) => latest.current(data)), [name]);
}

/**
 * Opens the event stream for the person signed in, each event refreshing what it made stale;
 * returns what closes it (when they sign out). `useLiveEvents` (use-live-events.ts) loads this
 * module and calls it, so the first page does not carry the stream's code.
 */
export function openLiveEvents(queryClient: QueryClient): () => void {
  let source: EventSource | undefined;
  let lastEventId: string | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let refusals = 0;
  let stopWaiting: (() => void) | undefined;
  let stopped = false;
  let caughtUp = false;

  // The first stream starts where the page's earliest read began: the server replays what changed
  // since, so nothing that happened before the stream opened is missed. A read answered after that
  // but begun before it is caught up as a resync would be.
  lastEventId = takeStart(() => void applyLiveEvent(queryClient, "resync"));

  const connect = () => {
    // A new EventSource forgets where the last one was: say it, so the server replays or resyncs.
    source = new EventSource(lastEventId ? `${LIVE_EVENTS_URL}?lastEventId=${encodeURIComponent(lastEventId)}` : LIVE_EVENTS_URL);
    const remember = (event: MessageEvent) => {
      if (event.lastEventId) lastEventId = event.lastEventId;
    };
    source.addEventListener("ready", (event) => {
      remember(event);
      refusals = 0;
      // Later streams resume from the last event id: the server replays or says resync.
      if (!caughtUp) void catchUpWaiting(queryClient);
      caughtUp = true;
    });
    // A newer tab of this person took this one's place (the server caps streams per session and
    // per user): stop, so the browser does not reconnect by itself, until the person is back.
    source.addEventListener("replaced", () => {
      source?.close();
      stopWaiting = whenPersonReturns(document, window, connect);
    });
    for (const name of LIVE_EVENT_NAMES) {
      source.addEventListener(name, (event) => {
        remember(event);
        const data = payload(event);
        void applyLiveEvent(queryClient, name, data);
        const heard = listeners.get(name);
        if (heard?.size) for (const listener of heard) listener(data);
      });
    }
    // EventSource reconnects by itself after a dropped connection; after a refused one (not
    // 200) it stops, so we start over, later each time. A 401 also reaches the app through its
    // own queries.
    source.onerror = () => {
      if (stopped || source?.readyState !== EventSource.CLOSED) return;
      retry = setTimeout(connect, reconnectDelay(refusals, Math.random()));
      refusals += 1;
    };
  };

  connect();
  return () => {
    stopped = true;
    forgetReads();
    clearTimeout(retry);
    stopWaiting?.();
    source?.close();
  };
}
