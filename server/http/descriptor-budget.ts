// How this process shares its file descriptors. Every
// connection, event stream or not, holds one; so does every file the database has open (PGlite)
// or every pooled socket (PostgreSQL). Once they run out, the database cannot open a file and
// sign-in fails, so the database's share and the runtime's are set aside first, the HTTP server
// accepts at most the rest as connections, and event streams may take only part of those.
import fs from "node:fs";

/** Used where the limit cannot be read (not Linux): the usual soft limit, so the caps err low. */
const FALLBACK_LIMIT = 1024;
/** Linux's own ceiling on RLIMIT_NOFILE (fs.nr_open's default), for a limit shown as "unlimited". */
const UNLIMITED = 1_048_576;
/**
 * For the runtime beside the database: Node's own descriptors (about 30), worker threads, image
 * files being read or written, outbound sockets (flyer links, the posts model, SMTP, S3), and
 * the log. At least this many, or an eighth of the limit when that is more.
 */
const RUNTIME_RESERVE = 128;
/** Below this many connections the server barely works; it still starts, with a warning. */
const MIN_CONNECTIONS = 32;

export interface DescriptorBudget {
  /** The process's open-file limit (its soft RLIMIT_NOFILE). */
  limit: number;
  /** Set aside for the database and the runtime. */
  reserved: number;
  /** The HTTP server's maxConnections: past it new connections are dropped as they arrive. */
  connections: number;
  /** Event streams the process holds at most: a quarter of the connections stay for requests, such as signing in. */
  streams: number;
  /** The limit leaves less than MIN_CONNECTIONS beside the reserve (the figures are then that minimum). */
  tooLow: boolean;
}

/**
 * The soft RLIMIT_NOFILE, from /proc/self/limits (Linux): Node raises it to the hard limit as it
 * starts, so this is the limit in force. Null where it cannot be read.
 */
export function openFileLimit(limitsText: string | null = readProcLimits()): number | null {
  const line = limitsText?.split("\n").find((l) => l.startsWith("Max open files"));
  const soft = line?.slice("Max open files".length).trim().split(/\s+/)[0];
  if (soft === "unlimited") return UNLIMITED;
  const n = Number(soft);
  return Number.isInteger(n) && n > 0 ? n : null;
}

function readProcLimits(): string | null {
  try {
    return fs.readFileSync("/proc/self/limits", "utf8");
  } catch {
    return null;
  }
}

/** The budget for a process whose database may hold `databaseDescriptors` at once. */
export function descriptorBudget(limit: number | null, databaseDescriptors: number): DescriptorBudget {
  const known = limit ?? FALLBACK_LIMIT;
  const reserved = databaseDescriptors + Math.max(RUNTIME_RESERVE, Math.ceil(known / 8));
  const room = known - reserved;
  const connections = Math.max(room, MIN_CONNECTIONS);
  return { limit: known, reserved, connections, streams: Math.floor((connections * 3) / 4), tooLow: room < MIN_CONNECTIONS };
}
