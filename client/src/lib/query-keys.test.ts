import { QueryClient, type QueryKey } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { invalidate } from "./query-cache";
import {
  agentKeys,
  authKeys,
  importKeys,
  invitationKeys,
  listingChangeKeys,
  listingKeys,
  notificationKeys,
  settingsKeys,
  userKeys,
  wishKeys,
} from "./query-keys";

/** Spec §7's default fetch: GET the path made by joining the key's parts with "/". */
const path = (key: QueryKey) => key.map(String).join("/");

describe("query keys", () => {
  it("are the paths their fetchers read, cut at the slashes", () => {
    const id = "0f8fad5b-d9cb-469f-a165-70867728950e";
    expect(path(authKeys.user)).toBe("/api/user");
    expect(path(authKeys.needsSetup)).toBe("/api/needs-setup");
    expect(path(authKeys.invitationCheck("a/b c"))).toBe("/api/invitations/validate/a%2Fb%20c");
    expect(path(userKeys.all)).toBe("/api/users");
    expect(path(listingKeys.all)).toBe("/api/listings");
    expect(path(listingKeys.active)).toBe("/api/listings/active");
    expect(path(listingKeys.inactive)).toBe("/api/listings/inactive");
    expect(path(listingKeys.counts)).toBe("/api/listings/counts");
    expect(path(listingKeys.detail(id))).toBe(`/api/listings/${id}`);
    expect(path(listingKeys.notes(id))).toBe(`/api/listings/${id}/notes`);
    expect(path(agentKeys.all)).toBe("/api/agents");
    expect(path(notificationKeys.all)).toBe("/api/notifications");
    expect(path(settingsKeys.all)).toBe("/api/settings");
    expect(path(wishKeys.all)).toBe("/api/wishes");
    expect(path(wishKeys.comments(7))).toBe("/api/wishes/7/comments");
    expect(path(invitationKeys.all)).toBe("/api/invitations");
    expect(path(importKeys.all)).toBe("/api/imports");
    expect(path(importKeys.detail(id))).toBe(`/api/imports/${id}`);
    expect(path(importKeys.rows(id))).toBe(`/api/imports/${id}/rows`);
  });

  it("refresh everything about listings with one key, and agents with a listing change", async () => {
    const client = new QueryClient();
    const keys: QueryKey[] = [
      listingKeys.active,
      listingKeys.inactive,
      listingKeys.counts,
      listingKeys.detail("a"),
      listingKeys.notes("a"),
      agentKeys.all,
      wishKeys.all,
      settingsKeys.all,
    ];
    for (const key of keys) client.setQueryData(key, []);
    await invalidate(client, ...listingChangeKeys);
    const stale = keys.filter((key) => client.getQueryState(key)?.isInvalidated).map(path);
    expect(stale).toEqual([
      "/api/listings/active",
      "/api/listings/inactive",
      "/api/listings/counts",
      "/api/listings/a",
      "/api/listings/a/notes",
      "/api/agents",
    ]);
  });

  it("cover a wish's comments with the wishes", async () => {
    const client = new QueryClient();
    client.setQueryData(wishKeys.comments(3), []);
    await invalidate(client, wishKeys.all);
    expect(client.getQueryState(wishKeys.comments(3))?.isInvalidated).toBe(true);
  });
});
