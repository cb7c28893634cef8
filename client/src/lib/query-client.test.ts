import { QueryObserver } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { changingOwnSession } from "./api-client";
import { READ_POSITION_HEADER } from "@shared/live-position";
import { createQueryClient } from "./query-client";
import { forgetReads, takeStart } from "./read-positions";

afterEach(() => vi.unstubAllGlobals());

/** A server that refuses the old cookie while this tab's session is being replaced. */
function serverDuringChange() {
  const state = { replacing: false, ended: false, reads: 0 };
  vi.stubGlobal("fetch", async () => {
    state.reads += 1;
    return state.replacing || state.ended ? new Response("Not authenticated", { status: 401 }) : Response.json([{ id: 1 }]);
  });
  return state;
}

describe("a 401 and this tab's own session", () => {
  it("does not sign out for a read the tab's session change overlapped, and reads it again after", async () => {
    const server = serverDuringChange();
    const onUnauthorized = vi.fn();
    const client = createQueryClient({ onUnauthorized });
    let finish = () => {};
    server.replacing = true;
    const change = changingOwnSession(() => new Promise<void>((done) => (finish = done)));

    const observer = new QueryObserver(client, { queryKey: ["/api/notifications"] });
    const seen: unknown[] = [];
    const stop = observer.subscribe((result) => seen.push(result.data));
    await vi.waitFor(() => expect(observer.getCurrentResult().status).toBe("error"));
    expect(onUnauthorized).not.toHaveBeenCalled();

    server.replacing = false;
    finish();
    await change;
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toEqual([{ id: 1 }]));
    expect(server.reads).toBe(2);
    expect(onUnauthorized).not.toHaveBeenCalled();
    stop();
  });

  it("signs out for a 401 no change of this tab's session explains", async () => {
    const server = serverDuringChange();
    server.ended = true;
    const onUnauthorized = vi.fn();
    const client = createQueryClient({ onUnauthorized });
    await expect(client.fetchQuery({ queryKey: ["/api/notifications"] })).rejects.toThrow("401");
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(server.reads).toBe(1);
  });
});

describe("the default read and the event stream's start", () => {
  it("notes where each read began, so the first stream starts at the earliest", async () => {
    forgetReads();
    vi.stubGlobal("fetch", async (url: string) => Response.json({}, { headers: { [READ_POSITION_HEADER]: url === "/api/user" ? "w1-3" : "w1-5" } }));
    const client = createQueryClient();
    await client.fetchQuery({ queryKey: ["/api/listings", "active"] });
    await client.fetchQuery({ queryKey: ["/api/user"] });
    expect(takeStart(() => {})).toBe("w1-3");
  });
});
