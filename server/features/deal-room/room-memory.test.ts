// The room page's memory on its own: a page is answered only under the version it was kept
// under, only while a version can be trusted at all, and never at or past the grant's end.
import { describe, expect, it } from "vitest";
import { createRoomMemory } from "./room-memory.js";

describe("the room page's memory", () => {
  const endsAt = Date.parse("2026-12-01T00:00:00Z");
  const grant = { id: 7, expiresAt: new Date(endsAt) };
  const html = Buffer.from("<p>The room</p>");

  it("answers a remembered token under the version it was kept under, until the grant's end", () => {
    let version: string | null = "3.9";
    const memory = createRoomMemory(() => version);
    expect(memory.remembered("hash-a", endsAt - 1)).toBeUndefined();
    memory.keep("hash-a", "3.9", grant, html);
    expect(memory.remembered("hash-a", endsAt - 1)).toBe(html);
    expect(memory.page(7, "3.9")).toBe(html);
    // Run out: refused though nothing changed.
    expect(memory.remembered("hash-a", endsAt)).toBeUndefined();
    // Another token of the same grant was never seen active: the database decides.
    expect(memory.remembered("hash-b", endsAt - 1)).toBeUndefined();
    // A change anywhere in the rooms (a revocation) moves the version on.
    version = "4.9";
    expect(memory.remembered("hash-a", endsAt - 1)).toBeUndefined();
    expect(memory.page(7, "4.9")).toBeUndefined();
    // Nothing is trusted while the version cannot be (the bus is down, a write is unheard).
    version = null;
    memory.keep("hash-a", "4.9", grant, html);
    expect(memory.remembered("hash-a", endsAt - 1)).toBeUndefined();
    version = "4.9";
    expect(memory.remembered("hash-a", endsAt - 1)).toBe(html);
  });

  it("keeps pages within its byte budget", () => {
    const memory = createRoomMemory(() => "1", 1024);
    const big = Buffer.alloc(600, "a");
    memory.keep("hash-1", "1", { id: 1, expiresAt: new Date(endsAt) }, big);
    memory.keep("hash-2", "1", { id: 2, expiresAt: new Date(endsAt) }, big);
    expect(memory.page(1, "1")).toBeUndefined();
    expect(memory.remembered("hash-2", endsAt - 1)).toBe(big);
  });
});
