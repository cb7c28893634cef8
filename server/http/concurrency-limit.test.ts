import { describe, expect, it } from "vitest";
import { concurrencyLimit, TooBusyError } from "./concurrency-limit.js";

/** A task that runs until released, recording how many run at once. */
function gate(stats: { active: number; most: number }) {
  let release!: () => void;
  const done = new Promise<void>((resolve) => (release = resolve));
  let started = false;
  const task = async () => {
    started = true;
    stats.active += 1;
    stats.most = Math.max(stats.most, stats.active);
    await done;
    stats.active -= 1;
    return "ok";
  };
  return { task, release, started: () => started };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe("concurrencyLimit", () => {
  it("runs at most max tasks at once, queues up to maxWaiting in order, and refuses the rest", async () => {
    const limited = concurrencyLimit(2, 2);
    const stats = { active: 0, most: 0 };
    const gates = Array.from({ length: 4 }, () => gate(stats));
    const runs = gates.map((g) => limited(g.task));
    await expect(limited(async () => "fifth")).rejects.toBeInstanceOf(TooBusyError);
    await settle();
    expect(gates.map((g) => g.started())).toEqual([true, true, false, false]);

    gates[1].release();
    await settle();
    expect(gates.map((g) => g.started())).toEqual([true, true, true, false]);
    for (const g of gates) g.release();
    expect(await Promise.all(runs)).toEqual(["ok", "ok", "ok", "ok"]);
    expect(stats.most).toBe(2);
    // Free again: a new task runs at once.
    expect(await limited(async () => "again")).toBe("again");
  });

  it("says it is full exactly when the next task would be refused, counting tasks not yet started", async () => {
    const limited = concurrencyLimit(1, 1);
    const stats = { active: 0, most: 0 };
    const first = gate(stats);
    const second = gate(stats);
    const runs = [limited(first.task)];
    expect(limited.full).toBe(false);
    runs.push(limited(second.task));
    // Before any microtask runs: the second is queued, and the limiter is full already.
    expect(limited.full).toBe(true);
    first.release();
    second.release();
    await Promise.all(runs);
    expect(limited.full).toBe(false);
  });

  it("frees the slot when a task fails", async () => {
    const limited = concurrencyLimit(1, 0);
    await expect(limited(() => Promise.reject(new Error("decode failed")))).rejects.toThrow("decode failed");
    expect(await limited(async () => "next")).toBe("next");
  });
});
