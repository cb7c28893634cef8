import { describe, expect, it } from "vitest";
import { limitConcurrency } from "./concurrency.js";

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("limitConcurrency", () => {
  it("runs at most max tasks at once, the rest in the order they came", async () => {
    const limited = limitConcurrency(2);
    const started: number[] = [];
    const finish = new Map<number, () => void>();
    const task = (i: number) => () =>
      new Promise<number>((resolve) => {
        started.push(i);
        finish.set(i, () => resolve(i));
      });
    const results = [1, 2, 3, 4].map((i) => limited(task(i)));
    await tick();
    expect(started).toEqual([1, 2]);
    finish.get(2)!();
    await tick();
    expect(started).toEqual([1, 2, 3]);
    const late = limited(task(5));
    finish.get(1)!();
    await tick();
    expect(started).toEqual([1, 2, 3, 4]);
    for (const i of [3, 4]) finish.get(i)!();
    await tick();
    finish.get(5)!();
    expect(await Promise.all([...results, late])).toEqual([1, 2, 3, 4, 5]);
  });

  it("frees the slot when a task fails", async () => {
    const limited = limitConcurrency(1);
    await expect(limited(() => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await limited(async () => "next")).toBe("next");
  });
});
