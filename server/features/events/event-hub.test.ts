import { describe, expect, it, vi } from "vitest";
import { ChangeBus } from "../../events/change-bus.js";
import { CAMPAIGN_EVENT_GAP_MS, EventHub, type StreamSink } from "./service.js";

/** A sink whose client reads nothing once `stalled`: what it is sent stays buffered. */
function fakeSink() {
  const sink = {
    chunks: [] as string[],
    stalled: false,
    buffered: 0,
    ended: false,
    destroyed: false,
    write(chunk: string) {
      this.chunks.push(chunk);
      if (this.stalled) this.buffered += chunk.length;
      return !this.stalled;
    },
    end() {
      this.ended = true;
    },
    destroy() {
      this.destroyed = true;
    },
    get writableLength() {
      return this.buffered;
    },
  };
  return sink satisfies StreamSink;
}

const change = (bus: ChangeBus, ids: string[]) => bus.receive(JSON.stringify({ kind: "listings", ids }));

const replaced = (sink: ReturnType<typeof fakeSink>) => sink.ended && sink.chunks.at(-1)!.includes("event: replaced");

describe("event hub", () => {
  it("drops a client that stops reading instead of buffering for it, and keeps serving the others", () => {
    const bus = new ChangeBus();
    bus.setLive(true);
    const hub = new EventHub({ bus, checkSession: async () => 1, maxBufferedBytes: 4_096 });
    const slow = fakeSink();
    const fine = fakeSink();
    hub.open(slow, 1, "s1", undefined);
    hub.open(fine, 2, "s2", undefined);
    slow.stalled = true;
    for (let i = 0; i < 200; i++) change(bus, [`listing-${i}`]);
    expect(slow.destroyed).toBe(true);
    expect(slow.buffered).toBeLessThanOrEqual(4_096);
    expect(hub.size).toBe(1);
    expect(fine.chunks.filter((c) => c.includes("event: listings"))).toHaveLength(200);
    hub.close();
  });

  it("sends a heartbeat and ends streams whose session ended by time alone", async () => {
    const bus = new ChangeBus();
    let valid = true;
    const hub = new EventHub({ bus, checkSession: async () => (valid ? 7 : null), heartbeatMs: 20 });
    const sink = fakeSink();
    hub.open(sink, 7, "s", undefined);
    await expect.poll(() => sink.chunks.some((c) => c.startsWith(": heartbeat"))).toBe(true);
    expect(sink.ended).toBe(false);
    valid = false;
    await expect.poll(() => sink.ended).toBe(true);
    expect(hub.size).toBe(0);
    hub.close();
  });

  it("replays only the missed events meant for the reconnecting user, whatever its window is called", () => {
    const bus = new ChangeBus();
    bus.setLive(true);
    const hub = new EventHub({ bus, checkSession: async () => 1 });
    // Window names are base64url: one with a "-" in it must resume too.
    (hub as unknown as { epoch: string }).epoch = "a-b_c";
    const first = fakeSink();
    hub.open(first, 1, "s", undefined);
    const lastId = /id: (\S+)/.exec(first.chunks.at(-1)!)![1];
    bus.receive(JSON.stringify({ kind: "settings", ids: [2] }));
    bus.receive(JSON.stringify({ kind: "notifications", ids: [1] }));
    const again = fakeSink();
    hub.open(again, 1, "s", lastId);
    const events = again.chunks.map((c) => /event: (\w+)/.exec(c)?.[1]).filter(Boolean);
    expect(events).toEqual(["notifications", "ready"]);
    hub.close();
  });

  it("closes a session's oldest stream when it opens one past its cap, telling it why", () => {
    const hub = new EventHub({ bus: new ChangeBus(), checkSession: async () => 1, maxPerSession: 3 });
    const tabs = Array.from({ length: 5 }, () => fakeSink());
    for (const tab of tabs) hub.open(tab, 1, "s", undefined);
    expect(tabs.map(replaced)).toEqual([true, true, false, false, false]);
    expect(hub.size).toBe(3);
    // A page that does not know the event waits long before it comes back; the id it resumes from is kept.
    expect(tabs[0].chunks.at(-1)).toMatch(/^retry: \d{6,}\nevent: replaced\ndata: \{\}\n\n$/);
    // Another session of the same user is not touched by this one's cap.
    const other = fakeSink();
    hub.open(other, 1, "t", undefined);
    expect(replaced(other)).toBe(false);
    expect(hub.size).toBe(4);
    hub.close();
  });

  it("closes a user's oldest stream, whichever session holds it, past the user's cap", () => {
    const hub = new EventHub({ bus: new ChangeBus(), checkSession: async () => 1, maxPerSession: 2, maxPerUser: 3 });
    const streams = ["a", "b", "c", "d"].map((sid) => ({ sid, sink: fakeSink() }));
    for (const { sid, sink } of streams) hub.open(sink, 1, sid, undefined);
    expect(streams.map(({ sink }) => replaced(sink))).toEqual([true, false, false, false]);
    // Someone else's streams do not count against this user.
    const bob = fakeSink();
    hub.open(bob, 2, "bob", undefined);
    expect(replaced(bob)).toBe(false);
    expect(hub.size).toBe(4);
    hub.close();
  });

  it("admits no new stream past the process's cap, except one replacing a stream of its own session or user", () => {
    const hub = new EventHub({ bus: new ChangeBus(), checkSession: async () => 1, maxPerSession: 2, maxPerUser: 3, maxStreams: 4 });
    hub.open(fakeSink(), 1, "a", undefined);
    hub.open(fakeSink(), 1, "a", undefined);
    hub.open(fakeSink(), 2, "b", undefined);
    expect(hub.admits(3, "c")).toBe(true);
    const closeThird = hub.open(fakeSink(), 3, "c", undefined);
    expect(hub.size).toBe(4);
    expect(hub.admits(4, "d")).toBe(false);
    expect(hub.admits(2, "b2")).toBe(false);
    // Session "a" holds its two: a third replaces its oldest and the process stays at four.
    expect(hub.admits(1, "a")).toBe(true);
    hub.open(fakeSink(), 1, "a", undefined);
    expect(hub.size).toBe(4);
    // A stream that ends gives its place back.
    closeThird();
    expect(hub.admits(4, "d")).toBe(true);
    hub.close();
  });

  it("tells every stream that campaigns changed at once, then at most once a gap however many changes come", () => {
    vi.useFakeTimers();
    try {
      const bus = new ChangeBus();
      bus.setLive(true);
      const hub = new EventHub({ bus, checkSession: async () => 1 });
      const sinks = [fakeSink(), fakeSink()];
      hub.open(sinks[0], 1, "s1", undefined);
      hub.open(sinks[1], 2, "s2", undefined);
      const heard = (sink: ReturnType<typeof fakeSink>) => sink.chunks.filter((c) => c.includes("event: campaigns")).length;
      const sent = () => bus.receive(JSON.stringify({ kind: "campaigns", ids: [4] }));
      sent();
      // The first change goes out straight away (a teammate's pause shows at once), to everyone.
      expect(sinks.map(heard)).toEqual([1, 1]);
      // A campaign sending fast: 500 messages within the gap make one more event, at its end.
      for (let i = 0; i < 500; i++) sent();
      expect(heard(sinks[0])).toBe(1);
      vi.advanceTimersByTime(CAMPAIGN_EVENT_GAP_MS);
      expect(sinks.map(heard)).toEqual([2, 2]);
      // Quiet after it: nothing more is due.
      vi.advanceTimersByTime(CAMPAIGN_EVENT_GAP_MS * 5);
      expect(heard(sinks[0])).toBe(2);
      hub.close();
    } finally {
      vi.useRealTimers();
    }
  });
});
