import { describe, expect, it } from "vitest";
import { descriptorBudget, openFileLimit } from "./descriptor-budget.js";

const limits = (soft: string) =>
  [
    "Limit                     Soft Limit           Hard Limit           Units     ",
    "Max processes             63432                63432                processes ",
    `Max open files            ${soft.padEnd(20)} 1048576              files     `,
  ].join("\n");

describe("descriptor budget", () => {
  it("reads the soft open-file limit from /proc/self/limits, and nothing where there is none", () => {
    expect(openFileLimit(limits("20000"))).toBe(20_000);
    expect(openFileLimit(limits("unlimited"))).toBe(1_048_576);
    expect(openFileLimit(null)).toBeNull();
    expect(openFileLimit("Max processes 12 12 processes")).toBeNull();
    // This process's own (the tests run on Linux).
    expect(openFileLimit()).toBeGreaterThan(0);
  });

  it("keeps the database's share and the runtime's first, then caps connections, then streams below them", () => {
    // PGlite under a common limit: 256 files, 128 for the runtime, 640 connections, 480 streams.
    expect(descriptorBudget(1024, 256)).toEqual({ limit: 1024, reserved: 384, connections: 640, streams: 480, tooLow: false });
    // A high limit keeps an eighth for the runtime.
    const high = descriptorBudget(20_000, 11);
    expect(high.reserved).toBe(11 + 2_500);
    expect(high.connections + high.reserved).toBe(20_000);
    expect(high.streams).toBeLessThan(high.connections);
    // Unknown: the usual soft limit, so the caps err low.
    expect(descriptorBudget(null, 11).limit).toBe(1024);
  });

  it("says when the limit leaves almost nothing beside the reserve, and still lets the server work", () => {
    const low = descriptorBudget(300, 256);
    expect(low.tooLow).toBe(true);
    expect(low.connections).toBe(32);
    expect(low.streams).toBe(24);
  });
});
