import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { applyLiveEvent } from "./live-events";
import { agentKeys, listingKeys, notificationKeys, settingsKeys } from "./query-keys";

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

  it("resync refreshes everything the workspace shows", async () => {
    const { client, stale } = seededClient();
    await applyLiveEvent(client, "resync");
    expect(stale()).toHaveLength(7);
  });
});
