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

const HEAD = [
  "# Bench report",
  "",
  "Written by `npm run bench -- --report` (bench/run.ts); do not edit by hand. A run rewrites the",
  "sections it ran and keeps the others, so each section says when and on what it was measured.",
  "Every figure is a ratio against a baseline measured in the same run, or a time on the machine",
  "named: compare runs on the same kind of machine only.",
];

/** The machine a run measured on, in one line. */
function machineLine(): string {
  const cpus = os.cpus();
  return [
    `${cpus.length} × ${cpus[0]?.model.trim() ?? "unknown CPU"}`,
    `${(os.totalmem() / 1024 ** 3).toFixed(0)} GiB`,
    `${os.type()} ${os.release()}`,
    `Node ${process.version}`,
    `load average at start ${os.loadavg().map((l) => l.toFixed(2)).join(", ")}`,
  ].join("; ");
}

/** The sections of an earlier report, by title, each with its own lines as written. */
function earlierSections(markdown: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const part of markdown.split(/^(?=## )/m).slice(1)) {
    const title = part.slice(3, part.indexOf("\n")).trim();
    found.set(title, part.replace(/\s+$/, ""));
  }
  return found;
}

/**
 * The report as Markdown: the sections this run measured, each stamped with the run's date, the
 * machine and its length, and the earlier report's other sections as they were.
 */
export function benchReport(sections: SectionOutput[], startedAt: Date, seconds: number, earlier = ""): string {
  const stamp = `_Measured ${startedAt.toISOString().slice(0, 16).replace("T", " ")} UTC in a run of ${seconds.toFixed(0)} s on ${machineLine()}._`;
  const merged = earlierSections(earlier);
  for (const s of sections) {
    merged.set(s.title, [`## ${s.title}`, "", stamp, "", "```text", ...s.lines.map((l) => l.replace(/\s+$/, "")), "```"].join("\n"));
  }
  return `${[...HEAD, ...[...merged.values()].flatMap((section) => ["", section])].join("\n")}\n`;
}

export function reportFile(root: string): string {
  return path.join(root, "docs", "bench.md");
}

export function writeBenchReport(root: string, sections: SectionOutput[], startedAt: Date, seconds: number): string {
  const file = reportFile(root);
  const earlier = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "";
  fs.writeFileSync(file, benchReport(sections, startedAt, seconds, earlier));
  return file;
}
