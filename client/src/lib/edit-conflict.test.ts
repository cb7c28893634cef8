import { describe, expect, it } from "vitest";
import { conflictChanges } from "./edit-conflict";

describe("conflictChanges", () => {
  it("lists only the fields whose value changed, in the given order, with the value now", () => {
    const opened: Record<string, unknown> = { name: "Old", city: "Elkins", notes: "", active: true };
    const current: Record<string, unknown> = { name: "New", city: "Elkins", notes: null, active: false };
    const label = (f: string) => f.toUpperCase();
    expect(conflictChanges(opened, current, ["active", "name", "city", "notes"], label)).toEqual([
      { label: "ACTIVE", value: "No" },
      { label: "NAME", value: "New" },
    ]);
  });

  it("shows a cleared value as (empty) and lets a field be put into words", () => {
    const changes = conflictChanges({ agentId: "a1", notes: "x" }, { agentId: "a2", notes: "" }, ["agentId", "notes"], (f) => f, (f, v) =>
      f === "agentId" ? `Agent ${String(v)}` : String(v || "(empty)"),
    );
    expect(changes).toEqual([
      { label: "agentId", value: "Agent a2" },
      { label: "notes", value: "(empty)" },
    ]);
  });
});
