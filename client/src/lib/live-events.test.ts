import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { applyLiveEvent, catchUpWaiting, reconnectDelay, whenPersonReturns } from "./live-events";
import { WAITS_FOR_STREAM } from "./live-stream-meta";
import { agentKeys, importKeys, leadKeys, listingKeys, notificationKeys, settingsKeys } from "./query-keys";

const LISTING = "0b4e6f2a-1c2d-4e5f-8a9b-0c1d2e3f4a5b";

/** A cache holding one of each query the screens keep, all fresh. */
function seededClient() {
  const client = new QueryClient();
  const keys = [
    listingKeys.active,
    listingKeys.counts,
    listingKeys.detail(LISTING),
    listingKeys.notes(LISTING),
    agentKeys.all,
    notificationKeys.all,
    settingsKeys.all,
  ];
  for (const key of keys) client.setQueryData(key, []);
  const stale = () => keys.filter((key) => client.getQueryState(key)?.isInvalidated).map((key) => key.join("/"));
  return { client, stale };
}

const listingQueries = ["/api/listings/active", "/api/listings/counts", `/api/listings/${LISTING}`, `/api/listings/${LISTING}/notes`];

describe("applyLiveEvent", () => {
  it("a listing or agent change refreshes the listings and the agents, not the bell or settings", async () => {
    for (const name of ["listings", "agents"] as const) {
      const { client, stale } = seededClient();
      await applyLiveEvent(client, name);
      expect(stale()).toEqual([...listingQueries, "/api/agents"]);
    }
  });

  it("a note refreshes the listings (notes and note counts) only", async () => {
    const { client, stale } = seededClient();
    await applyLiveEvent(client, "notes");
    expect(stale()).toEqual(listingQueries);
  });

  it("notifications and settings refresh only the bell and the settings", async () => {
    const bell = seededClient();
    await applyLiveEvent(bell.client, "notifications");
    expect(bell.stale()).toEqual(["/api/notifications"]);
    const settings = seededClient();
    await applyLiveEvent(settings.client, "settings");
    expect(settings.stale()).toEqual(["/api/settings"]);
  });

  it("an import's progress refreshes that import only", async () => {
    const { client, stale } = seededClient();
    for (const id of ["imp-1", "imp-2"]) client.setQueryData(importKeys.detail(id), {});
    await applyLiveEvent(client, "imports", { id: "imp-1" });
    expect(stale()).toEqual([]);
    expect(client.getQueryState(importKeys.detail("imp-1"))?.isInvalidated).toBe(true);
    expect(client.getQueryState(importKeys.detail("imp-2"))?.isInvalidated).toBe(false);
    // A payload without an id refreshes nothing.
    await applyLiveEvent(client, "imports", null);
    expect(client.getQueryState(importKeys.detail("imp-2"))?.isInvalidated).toBe(false);
  });

  it("a prospect move refreshes that listing's board and timeline and the leads, not the lists", async () => {
    const { client, stale } = seededClient();
    const other = "another-listing";
    const extra = [listingKeys.prospects(LISTING), listingKeys.activity(LISTING), listingKeys.prospects(other), leadKeys.all, leadKeys.followUps];
    for (const key of extra) client.setQueryData(key, []);
    await applyLiveEvent(client, "prospects", { listingId: LISTING });
    expect(stale()).toEqual([]);
    const invalidated = extra.filter((key) => client.getQueryState(key)?.isInvalidated).map((key) => key.join("/"));
    expect(invalidated).toEqual([`/api/listings/${LISTING}/prospects`, `/api/listings/${LISTING}/activity`, "/api/leads", "/api/prospects/follow-ups"]);
  });

  it("a campaign's change refreshes the campaigns and the listings' marketing panels, nothing else", async () => {
    const { client, stale } = seededClient();
    const extra = [["/api/campaigns"], ["/api/campaigns", 7], listingKeys.marketing(LISTING), listingKeys.prospects(LISTING)];
    for (const key of extra) client.setQueryData(key, []);
    await applyLiveEvent(client, "campaigns", {});
    expect(stale()).toEqual([]);
    const invalidated = extra.filter((key) => client.getQueryState(key)?.isInvalidated).map((key) => key.join("/"));
    expect(invalidated).toEqual(["/api/campaigns", "/api/campaigns/7", `/api/listings/${LISTING}/marketing`]);
  });

  it("the stream's first opening reads again only the queries that wait for it", async () => {
    const { client, stale } = seededClient();
    client.getQueryCache().build(client, { queryKey: importKeys.detail("imp-1"), meta: WAITS_FOR_STREAM }).setData({});
    await catchUpWaiting(client);
    expect(stale()).toEqual([]);
    expect(client.getQueryState(importKeys.detail("imp-1"))?.isInvalidated).toBe(true);
  });

  it("resync refreshes everything the workspace shows", async () => {
    const { client, stale } = seededClient();
    await applyLiveEvent(client, "resync");
    expect(stale()).toHaveLength(7);
  });
});

describe("reconnectDelay", () => {
  it("starts at about 3 s and doubles up to a minute, spread over each step's upper half", () => {
    expect([0, 1, 2, 3, 4, 5, 9].map((attempt) => reconnectDelay(attempt, 0.999_999))).toEqual([3_000, 6_000, 12_000, 24_000, 48_000, 60_000, 60_000]);
    expect(reconnectDelay(0, 0)).toBe(1_500);
    expect(reconnectDelay(20, 0)).toBe(30_000);
  });
});

describe("whenPersonReturns", () => {
  /** A page's document and window, as far as the wait reads them. */
  function page(visibilityState: DocumentVisibilityState) {
    const doc = Object.assign(new EventTarget(), { visibilityState });
    return { doc, win: new EventTarget() };
  }

  it("resumes once, when the page shows again, and not while it stays hidden", () => {
    const { doc, win } = page("hidden");
    let resumed = 0;
    whenPersonReturns(doc, win, () => (resumed += 1));
    doc.dispatchEvent(new Event("visibilitychange"));
    expect(resumed).toBe(0);
    doc.visibilityState = "visible";
    doc.dispatchEvent(new Event("visibilitychange"));
    win.dispatchEvent(new Event("focus"));
    expect(resumed).toBe(1);
  });

  it("resumes at a click, a key or focus on a page in view, and not after it stopped waiting", () => {
    for (const name of ["pointerdown", "keydown", "focus"]) {
      const { doc, win } = page("visible");
      let resumed = 0;
      whenPersonReturns(doc, win, () => (resumed += 1));
      // Nothing happens by itself: a replaced tab in view waits for its person.
      expect(resumed).toBe(0);
      win.dispatchEvent(new Event(name));
      expect(resumed).toBe(1);
    }
    const { doc, win } = page("visible");
    let resumed = 0;
    const stop = whenPersonReturns(doc, win, () => (resumed += 1));
    stop();
    win.dispatchEvent(new Event("focus"));
    expect(resumed).toBe(0);
  });
});
