import { describe, expect, it } from "vitest";
import { ChangeBus } from "../../events/change-bus.js";
import { EventHub, type StreamSink } from "./service.js";

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
});
