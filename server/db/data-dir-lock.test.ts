// The data-folder lock names its process by pid, start time and boot, so a leftover lock whose
// pid now belongs to an unrelated process no longer blocks start-up.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { acquireDataDirLock, currentOwner, DataDirLockedError, processStartTicks } from "./data-dir-lock.js";

const onLinux = fs.existsSync("/proc/self/stat");
let unrelated: ChildProcess;
const dirs: string[] = [];
const freshDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lock-"));
  dirs.push(dir);
  return dir;
};
const lockFile = (dir: string) => path.join(dir, "app.lock");

beforeAll(async () => {
  // A live process that has nothing to do with any lock.
  unrelated = spawn("sleep", ["300"], { stdio: "ignore" });
  await new Promise((resolve) => unrelated.once("spawn", resolve));
});
afterAll(() => {
  unrelated.kill("SIGKILL");
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe.runIf(onLinux)("data folder lock", () => {
  it("takes over a leftover pid-only lock naming a live process that started after it was written", () => {
    const dir = freshDir();
    fs.writeFileSync(lockFile(dir), String(unrelated.pid));
    // Written an hour ago, by a process long gone; the pid now names `sleep`.
    const anHourAgo = new Date(Date.now() - 3600_000);
    fs.utimesSync(lockFile(dir), anHourAgo, anHourAgo);
    const release = acquireDataDirLock(dir);
    expect(JSON.parse(fs.readFileSync(lockFile(dir), "utf8"))).toEqual(currentOwner());
    release();
    expect(fs.existsSync(lockFile(dir))).toBe(false);
  });

  it("takes over a lock whose pid is alive but started at another time or in another boot", () => {
    const dir = freshDir();
    const pid = unrelated.pid!;
    const ticks = processStartTicks(pid)!;
    fs.writeFileSync(lockFile(dir), JSON.stringify({ pid, startTicks: String(Number(ticks) - 500), bootId: currentOwner().bootId }));
    acquireDataDirLock(dir)();

    fs.writeFileSync(lockFile(dir), JSON.stringify({ pid, startTicks: ticks, bootId: "another-boot" }));
    acquireDataDirLock(dir)();
  });

  it("refuses while the process named in the lock is really the one that wrote it", () => {
    const dir = freshDir();
    const pid = unrelated.pid!;
    fs.writeFileSync(lockFile(dir), JSON.stringify({ pid, startTicks: processStartTicks(pid), bootId: currentOwner().bootId }));
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dir)).toThrow(`is in use by another process (pid ${pid})`);

    // A pid-only lock written after its process started is still honoured.
    fs.writeFileSync(lockFile(dir), String(pid));
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
  });

  it("takes over a lock of a process that is gone", async () => {
    const dir = freshDir();
    const gone = spawn("true");
    await new Promise((resolve) => gone.once("exit", resolve));
    fs.writeFileSync(lockFile(dir), JSON.stringify({ pid: gone.pid, startTicks: "1", bootId: currentOwner().bootId }));
    acquireDataDirLock(dir)();
  });
});
