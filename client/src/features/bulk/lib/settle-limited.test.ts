import { describe, expect, it } from "vitest";
import { settleLimited } from "./settle-limited";

/** A task whose calls wait until the test lets them finish, to watch how many run at once. */
function heldTasks() {
  const waiting: (() => void)[] = [];
  let running = 0;
  let most = 0;
  const task = async (item: number) => {
    running += 1;
    most = Math.max(most, running);
    await new Promise<void>((resolve) => waiting.push(resolve));
    running -= 1;
    if (item % 3 === 0) throw new Error(`item ${item} failed`);
  };
  const releaseAll = async () => {
    while (waiting.length > 0 || running > 0) {
      waiting.splice(0).forEach((release) => release());
      await Promise.resolve();
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  return { task, releaseAll, most: () => most };
}

describe("settleLimited (bulk delete runs)", () => {
  it("runs at most `concurrency` tasks at once and sorts every item into succeeded or failed", async () => {
    const held = heldTasks();
    const progress: number[] = [];
    const run = settleLimited([1, 2, 3, 4, 5, 6, 7], held.task, { concurrency: 3, onSettled: (n) => progress.push(n) });
    await held.releaseAll();
    const result = await run;
    expect(held.most()).toBe(3);
    expect(result.succeeded.sort()).toEqual([1, 2, 4, 5, 7]);
    expect(result.failed.sort()).toEqual([3, 6]);
    expect(result.skipped).toEqual([]);
    expect(progress).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it("starts nothing more once stopped, lets running tasks finish, and reports the rest as skipped", async () => {
    let stop = false;
    const started: number[] = [];
    const result = await settleLimited(
      [1, 2, 4, 5, 7],
      async (item) => {
        started.push(item);
        if (item === 2) stop = true;
      },
      { concurrency: 1, shouldStop: () => stop },
    );
    expect(started).toEqual([1, 2]);
    expect(result).toEqual({ succeeded: [1, 2], failed: [], skipped: [4, 5, 7] });
  });

  it("settles an empty selection at once", async () => {
    expect(await settleLimited([], async () => undefined, { concurrency: 4 })).toEqual({ succeeded: [], failed: [], skipped: [] });
  });
});
