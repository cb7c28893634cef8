import { describe, expect, it } from "vitest";
import { ChangeBus } from "./change-bus.js";
import { LocalWrites } from "./local-writes.js";

function setup(barrierTimeoutMs?: number) {
  const bus = new ChangeBus();
  bus.setLive(true);
  const sent: string[] = [];
  const writes = new LocalWrites({ bus, notify: async (payload) => void sent.push(payload), barrierTimeoutMs });
  return { bus, sent, writes };
}

describe("writes in flight on this server", () => {
  it("settle when their own barrier comes back on the bus, not before, not on another's", () => {
    const { bus, sent, writes } = setup();
    const end = writes.begin(7);
    expect(writes.settled).toBe(false);
    expect(writes.settledFor(7)).toBe(false);
    expect(writes.settledFor(8)).toBe(true);
    end();
    end(); // a second "close" changes nothing
    expect(sent).toHaveLength(1);
    bus.receive(JSON.stringify({ barrier: "another-process-1" }));
    expect(writes.settled).toBe(false);
    const seq = bus.seq;
    bus.receive(sent[0]);
    expect(writes.settled).toBe(true);
    expect(writes.settledFor(7)).toBe(true);
    // A barrier is not a change: caches watching for changes are not disturbed by it.
    expect(bus.seq).toBe(seq);
  });

  it("count per user: one settled write leaves the other in flight", () => {
    const { bus, sent, writes } = setup();
    const first = writes.begin(7);
    const second = writes.begin(7);
    first();
    second();
    bus.receive(sent[0]);
    expect(writes.settledFor(7)).toBe(false);
    bus.receive(sent[1]);
    expect(writes.settledFor(7)).toBe(true);
  });

  it("settle at once while the bus is deaf, and after a time limit when a barrier is lost", async () => {
    const { bus, sent, writes } = setup(20);
    const deaf = writes.begin(1);
    bus.setLive(false);
    deaf();
    expect(sent).toEqual([]);
    expect(writes.settled).toBe(true);

    bus.setLive(true);
    writes.begin(2)();
    expect(writes.settled).toBe(false);
    await expect.poll(() => writes.settled).toBe(true);
  });
});
