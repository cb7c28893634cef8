// The bench's generated report (npm run bench -- --report): what each section printed, with the
// date and the machine, and console.log given back whatever a section does.
import { describe, expect, it } from "vitest";
import { benchReport, capturing } from "../bench/lib/bench-report";

describe("the bench report", () => {
  it("keeps what a section prints, and gives console.log back even when the section throws", async () => {
    const log = console.log;
    const lines = await capturing(async () => {
      console.log("  page      1,000.0 req/s", 2);
      console.log("  raw node  1,250.0 req/s");
    });
    expect(lines).toEqual(["  page      1,000.0 req/s 2", "  raw node  1,250.0 req/s"]);
    expect(console.log).toBe(log);
    await expect(capturing(() => Promise.reject(new Error("section failed")))).rejects.toThrow("section failed");
    expect(console.log).toBe(log);
  });

  it("stamps each section it writes with the date and the machine, and keeps the others", () => {
    const first = benchReport(
      [
        { title: "Public page under load", lines: ["  page / raw  0.61×   "] },
        { title: "Flyer PDF", lines: ["  flyer / raw  0.70×"] },
      ],
      new Date("2026-11-28T22:05:00Z"),
      42.4,
    );
    expect(first).toMatch(/## Public page under load\n\n_Measured 2026-11-28 22:05 UTC in a run of 42 s on \d+ × .+; \d+ GiB; .+; Node v\d+.+_\n\n```text\n {2}page \/ raw {2}0\.61×\n```/);
    const second = benchReport([{ title: "Flyer PDF", lines: ["  flyer / raw  0.90×"] }], new Date("2026-11-29T01:00:00Z"), 10, first);
    expect(second).toContain("  page / raw  0.61×");
    expect(second).toContain("_Measured 2026-11-28 22:05 UTC");
    expect(second).toContain("  flyer / raw  0.90×");
    expect(second).not.toContain("0.70×");
    expect(second.match(/^## /gm)).toHaveLength(2);
    expect(second.startsWith("# Bench report\n")).toBe(true);
  });
});
