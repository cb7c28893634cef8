// `npm start` must not leave the server running when it is stopped. The
// supervisor in run-supervised.mjs is run here around a stand-in server that reports what it
// was told, through `sh -c` as npm runs scripts.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "supervised-"));
const supervisor = path.resolve(import.meta.dirname, "run-supervised.mjs");
fs.writeFileSync(
  path.join(dir, "server.mjs"),
  `import fs from "node:fs";
const mark = (what) => fs.appendFileSync(process.env.MARK_FILE, what + "\\n");
if (process.env.EXIT_AT_ONCE) process.exit(Number(process.env.EXIT_AT_ONCE));
process.on("SIGTERM", () => { mark("SIGTERM"); process.exit(7); });
process.on("disconnect", () => { mark("disconnect"); process.exit(5); });
setInterval(() => {}, 1000);
console.log("ready " + process.pid);
`,
);
fs.writeFileSync(
  path.join(dir, "starter.mjs"),
  `import { runSupervised } from ${JSON.stringify(supervisor)};
runSupervised(process.execPath, [${JSON.stringify(path.join(dir, "server.mjs"))}], { env: process.env });
`,
);

const started: ChildProcess[] = [];
const serverPids: number[] = [];
afterEach(() => {
  for (const p of started) if (p.exitCode === null && p.signalCode === null) p.kill("SIGKILL");
  for (const pid of serverPids) if (isAlive(pid)) process.kill(pid, "SIGKILL");
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

let runs = 0;
/** Starts the starter (through `sh -c` when asked, as npm does); resolves once the server runs. */
async function start(opts: { viaShell?: boolean; env?: Record<string, string> } = {}) {
  const markFile = path.join(dir, `marks-${(runs += 1)}`);
  fs.writeFileSync(markFile, "");
  const node = JSON.stringify(process.execPath);
  const starter = JSON.stringify(path.join(dir, "starter.mjs"));
  const env = { ...process.env, MARK_FILE: markFile, ...opts.env };
  const proc = opts.viaShell
    ? spawn("sh", ["-c", `${node} ${starter}`], { env, stdio: ["ignore", "pipe", "inherit"] })
    : spawn(process.execPath, [path.join(dir, "starter.mjs")], { env, stdio: ["ignore", "pipe", "inherit"] });
  started.push(proc);
  const exited = new Promise<number | null>((resolve) => proc.once("exit", (code) => resolve(code)));
  const serverPid = opts.env?.EXIT_AT_ONCE
    ? 0
    : await new Promise<number>((resolve, reject) => {
        let out = "";
        proc.stdout!.on("data", (d) => {
          out += d;
          const match = /ready (\d+)/.exec(out);
          if (match) resolve(Number(match[1]));
        });
        proc.once("exit", () => reject(new Error(`the starter exited first: ${out}`)));
      });
  if (serverPid) serverPids.push(serverPid);
  return { proc, exited, serverPid, marks: () => fs.readFileSync(markFile, "utf8").trim().split("\n").filter(Boolean) };
}

describe("npm start's supervisor", () => {
  it("stops the server when the shell npm started it through is sent SIGTERM", async () => {
    const run = await start({ viaShell: true });
    run.proc.kill("SIGTERM");
    // The shell dies without passing the signal on; the server must still be told, and stop.
    await expect.poll(() => isAlive(run.serverPid), { timeout: 15_000 }).toBe(false);
    expect(run.marks()).toEqual(["SIGTERM"]);
  });

  it("forwards SIGTERM to the server and exits with the server's exit code", async () => {
    const run = await start();
    run.proc.kill("SIGTERM");
    expect(await run.exited).toBe(7);
    expect(run.marks()).toEqual(["SIGTERM"]);
    expect(isAlive(run.serverPid)).toBe(false);
  });

  it("exits with the server's code when the server stops by itself", async () => {
    const run = await start({ env: { EXIT_AT_ONCE: "3" } });
    expect(await run.exited).toBe(3);
  });

  it("lets the server know when the supervisor itself is killed outright", async () => {
    const run = await start();
    run.proc.kill("SIGKILL");
    await expect.poll(() => isAlive(run.serverPid), { timeout: 15_000 }).toBe(false);
    expect(run.marks()).toEqual(["disconnect"]);
  });
});
