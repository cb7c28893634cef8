// Whether a process is the one listening on a port. A test picks a free port, then starts a
// server on it seconds later: meanwhile another test worker's short-lived server (supertest
// listens on a fresh port for every request) can take the same port and answer the readiness
// probe, while the test's own server fails to bind and exits. So a probe's answer counts only
// when the listener is the started process.
import fs from "node:fs";

const LISTEN = "0A";

/** The inodes of the TCP sockets listening on `port`, from Linux's /proc/net/tcp and tcp6; null without them. */
function listeningInodes(port: number): Set<string> | null {
  const inodes = new Set<string>();
  let readable = false;
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    let text: string;
    try {
      text = fs.readFileSync(table, "utf8");
    } catch {
      continue;
    }
    readable = true;
    for (const line of text.split("\n").slice(1)) {
      // sl local_address rem_address st tx_queue:rx_queue tr:tm->when retrnsmt uid timeout inode
      const fields = line.trim().split(/\s+/);
      if (fields.length < 10 || fields[3] !== LISTEN) continue;
      if (Number.parseInt(fields[1].split(":")[1], 16) === port) inodes.add(fields[9]);
    }
  }
  return readable ? inodes : null;
}

/**
 * True when process `pid` holds a socket listening on `port`. Where /proc is missing (not Linux)
 * it cannot tell and answers true, leaving the probe's answer as it was.
 */
export function listensOn(pid: number, port: number): boolean {
  const inodes = listeningInodes(port);
  if (inodes === null) return true;
  if (inodes.size === 0) return false;
  let fds: string[];
  try {
    fds = fs.readdirSync(`/proc/${pid}/fd`);
  } catch {
    return false;
  }
  return fds.some((fd) => {
    try {
      const socket = /^socket:\[(\d+)\]$/.exec(fs.readlinkSync(`/proc/${pid}/fd/${fd}`));
      return socket !== null && inodes.has(socket[1]);
    } catch {
      return false;
    }
  });
}
