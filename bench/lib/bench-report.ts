// `npm run bench -- --report`: what each section printed, kept in docs/bench.md with the date and
// the machine, so the guides link one generated page instead of carrying dated figures of their own.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export interface SectionOutput {
  title: string;
  lines: string[];
}

/** Calls `run` with console.log's lines also kept, and answers them. */
export async function capturing(run: () => Promise<void>): Promise<string[]> {
  const lines: string[] = [];
  const log = console.log;
  console.log = (...args: unknown[]) => {
    lines.push(args.map(String).join(" "));
    log(...args);
  };
  try {
    await run();
  } finally {
    console.log = log;
  }
  return lines;
}

/** The report as Markdown: when, on what, and each section's own lines. */
export function benchReport(sections: SectionOutput[], startedAt: Date, seconds: number, only: string[]): string {
  const cpus = os.cpus();
  const machine = [
    `${cpus.length} × ${cpus[0]?.model.trim() ?? "unknown CPU"}`,
    `${(os.totalmem() / 1024 ** 3).toFixed(0)} GiB`,
    `${os.type()} ${os.release()}`,
    `Node ${process.version}`,
    `load average at start ${os.loadavg().map((l) => l.toFixed(2)).join(", ")}`,
  ].join("; ");
  const head = [
    "# Bench report",
    "",
    "Written by `npm run bench -- --report` (bench/run.ts); do not edit by hand. Every figure is a",
    "ratio against a baseline measured in the same run, or a time on the machine below: compare",
    "runs on the same kind of machine only.",
    "",
    `- Date: ${startedAt.toISOString().slice(0, 16).replace("T", " ")} UTC`,
    `- Machine: ${machine}`,
    `- Sections: ${only.length ? `only those matching ${only.map((w) => `"${w}"`).join(", ")}` : "all"}; ${seconds.toFixed(0)} s in all`,
  ];
  const body = sections.flatMap((s) => ["", `## ${s.title}`, "", "```text", ...s.lines.map((l) => l.replace(/\s+$/, "")), "```"]);
  return `${[...head, ...body].join("\n")}\n`;
}

export function writeBenchReport(root: string, markdown: string): string {
  const file = path.join(root, "docs", "bench.md");
  fs.writeFileSync(file, markdown);
  return file;
}
