import { describe, expect, it } from "vitest";
import { isOfflineRead } from "./offline-reads";

describe("what the service worker keeps for reading offline", () => {
  it("keeps the lists and a listing's notes, and nothing else", () => {
    expect(isOfflineRead("/api/listings/active")).toBe(true);
    expect(isOfflineRead("/api/listings/5d7f0c1e-3f7a-4c55-9a0e-8f1d2b3c4d5e/notes")).toBe(true);
    expect(isOfflineRead("/api/listings/5d7f0c1e-3f7a-4c55-9a0e-8f1d2b3c4d5e")).toBe(false);
    expect(isOfflineRead("/api/listings/a/notes/extra")).toBe(false);
    expect(isOfflineRead("/api/notes/12")).toBe(false);
    expect(isOfflineRead("/api/notifications")).toBe(false);
  });
});
