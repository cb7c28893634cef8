// PGlite has no lock of its own: a second process on the same folder would silently lose writes.
// This lock makes that second process fail at once instead. The lock names its process by pid,
// start time and boot: a pid alone is reused, after a crash or in a fresh
// container, by processes that have nothing to do with us, and such a lock is taken over.
import fs from "node:fs";
import path from "node:path";

export class DataDirLockedError extends Error {}

export interface LockOwner {
  pid: number;
  /** /proc/<pid>/stat field 22: clock ticks from boot to the process's start (Linux only). */
  startTicks: string | null;
  /** /proc/sys/kernel/random/boot_id: which boot of the machine (Linux only). */
  bootId: string | null;
}

const readOrNull = (file: string): string | null => {
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    return null;
  }
};

export function processStartTicks(pid: number): string | null {
  const stat = readOrNull(`/proc/${pid}/stat`);
  if (!stat) return null;
  // The command name (field 2) may hold spaces and parentheses: count fields after its last ')'.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return fields[19] ?? null; // field 22 overall; fields[0] here is field 3
}

const bootId = () => readOrNull("/proc/sys/kernel/random/boot_id");

// Linux reports ticks in USER_HZ, which is 100 on every architecture Node runs on.
const USER_HZ = 100;
function processStartedAtMs(pid: number): number | null {
  const ticks = processStartTicks(pid);
  const btime = readOrNull("/proc/stat")?.match(/^btime (\d+)$/m)?.[1];
  if (ticks === null || !btime) return null;
  return Number(btime) * 1000 + (Number(ticks) * 1000) / USER_HZ;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

export function currentOwner(): LockOwner {
  return { pid: process.pid, startTicks: processStartTicks(process.pid), bootId: bootId() };
}

function parseOwner(text: string): LockOwner | null {
  if (/^\d+$/.test(text.trim())) return { pid: Number(text.trim()), startTicks: null, bootId: null };
  try {
    const owner = JSON.parse(text) as Partial<LockOwner>;
    if (!Number.isInteger(owner.pid) || (owner.pid as number) <= 0) return null;
    return { pid: owner.pid as number, startTicks: owner.startTicks ?? null, bootId: owner.bootId ?? null };
  } catch {
    return null;
  }
}

/** Whether the process a lock file names is really the one that wrote it, and still running. */
function holdsLock(owner: LockOwner, lockPath: string): boolean {
  if (owner.pid === process.pid || !isAlive(owner.pid)) return false;
  if (owner.startTicks !== null || owner.bootId !== null) {
    if (owner.bootId !== null && bootId() !== null && owner.bootId !== bootId()) return false;
    const ticks = processStartTicks(owner.pid);
    return owner.startTicks === null || ticks === null || ticks === owner.startTicks;
  }
  // A lock of the older kind holds only a pid: a process that started after the lock was
  // written cannot have written it.
  const startedAt = processStartedAtMs(owner.pid);
  if (startedAt === null) return true;
  return startedAt <= fs.statSync(lockPath).mtimeMs + 1000;
}

/** Whether a live process other than this one holds the folder's lock (a running server). */
export function dataDirInUse(dir: string): boolean {
  const lockPath = path.join(dir, "app.lock");
  const text = readOrNull(lockPath);
  const owner = text === null ? null : parseOwner(text);
  return owner !== null && holdsLock(owner, lockPath);
}

export function acquireDataDirLock(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const lockPath = path.join(dir, "app.lock");
  const mine = JSON.stringify(currentOwner());
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, mine, { flag: "wx", mode: 0o600 });
      return () => {
        try {
          if (fs.readFileSync(lockPath, "utf8") === mine) fs.unlinkSync(lockPath);
        } catch {
          // already gone
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      const owner = parseOwner(fs.readFileSync(lockPath, "utf8"));
      if (owner && holdsLock(owner, lockPath)) {
        throw new DataDirLockedError(
          `The embedded database in ${dir} is in use by another process (pid ${owner.pid}). ` +
            "Stop that process first, or set DATABASE_URL to use PostgreSQL, which several app servers can share.",
        );
      }
      fs.unlinkSync(lockPath);
    }
  }
  throw new DataDirLockedError(`Could not lock ${lockPath}`);
}
