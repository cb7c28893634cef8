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

  it("writes the date, the machine, the sections chosen and each section's lines", () => {
    const markdown = benchReport([{ title: "public page under load", lines: ["  page / raw  0.61×   "] }], new Date("2026-11-28T22:05:00Z"), 42.4, ["page"]);
    expect(markdown).toContain("- Date: 2026-11-28 22:05 UTC");
    expect(markdown).toMatch(/- Machine: \d+ × .+; \d+ GiB; .+; Node v\d+/);
    expect(markdown).toContain('- Sections: only those matching "page"; 42 s in all');
    expect(markdown).toContain("## public page under load\n\n```text\n  page / raw  0.61×\n```");
  });
});
