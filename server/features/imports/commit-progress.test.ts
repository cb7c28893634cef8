// Commit progress seen from two app servers: the one committing sends its count on the change
// channel, throttled, and the other shows it until the commit is over.
import { describe, expect, it } from "vitest";
import { ChangeBus } from "../../events/change-bus.js";
import { CommitProgress } from "./commit-progress.js";

/** Two servers whose buses hear every payload either sends, as LISTEN/NOTIFY does. */
function twoServers() {
  let now = 1_000;
  const buses = [new ChangeBus(), new ChangeBus()];
  const sent: string[] = [];
  const send = async (payload: string) => {
    sent.push(payload);
    for (const bus of buses) bus.receive(payload);
  };
  const [a, b] = buses.map((bus) => new CommitProgress({ bus, send, now: () => now }));
  return { a, b, sent, tick: (ms: number) => (now += ms) };
}

describe("commit progress across servers", () => {
  it("shows on the other server how far a commit has got, and nothing once it is over", () => {
    const { a, b, tick } = twoServers();
    expect(b.of("imp")).toBeUndefined();
    const tracker = a.start("imp", 100_000);
    expect(a.runsHere("imp")).toBe(true);
    expect(b.runsHere("imp")).toBe(false);
    expect(b.of("imp")).toEqual({ done: 0, total: 100_000 });
    tick(300);
    tracker.advance(5_000);
    expect(a.of("imp")).toEqual({ done: 5_000, total: 100_000 });
    expect(b.of("imp")).toEqual({ done: 5_000, total: 100_000 });
    tracker.end();
    expect(a.of("imp")).toBeUndefined();
    expect(b.of("imp")).toBeUndefined();
  });

  it("sends at most four counts a second, and always the end", () => {
    const { a, b, sent, tick } = twoServers();
    const tracker = a.start("imp", 100_000);
    for (let done = 1_000; done <= 19_000; done += 1_000) {
      tick(50);
      tracker.advance(done);
    }
    // 950 ms of steps every 50 ms: the start, then one count per 250 ms.
    expect(sent).toHaveLength(1 + 3);
    expect(a.of("imp")).toEqual({ done: 19_000, total: 100_000 });
    expect(b.of("imp")).toEqual({ done: 15_000, total: 100_000 });
    tracker.end();
    expect(sent).toHaveLength(5);
    expect(JSON.parse(sent[4])).toEqual({ progress: { key: "import:imp", done: 19_000, total: 100_000, over: true } });
  });

  it("forgets a count not refreshed for 30 seconds (its server stopped mid-commit)", () => {
    const { a, b, tick } = twoServers();
    a.start("imp", 10);
    tick(29_000);
    expect(b.of("imp")).toEqual({ done: 0, total: 10 });
    tick(2_000);
    expect(b.of("imp")).toBeUndefined();
    // The server committing still knows its own.
    expect(a.of("imp")).toEqual({ done: 0, total: 10 });
  });

  it("keeps the count to itself without a channel to send on (PGlite serves one process)", () => {
    const bus = new ChangeBus();
    const a = new CommitProgress({ bus });
    const b = new CommitProgress({ bus });
    a.start("imp", 10).advance(5);
    expect(a.of("imp")).toEqual({ done: 5, total: 10 });
    expect(b.of("imp")).toBeUndefined();
  });

  it("ignores progress messages that are not an import's, and payloads it cannot read", () => {
    const bus = new ChangeBus();
    const p = new CommitProgress({ bus });
    bus.receive(JSON.stringify({ progress: { key: "export:imp", done: 1, total: 2 } }));
    bus.receive(JSON.stringify({ progress: { key: "import:imp", done: -1, total: 2 } }));
    expect(p.of("imp")).toBeUndefined();
  });
});
