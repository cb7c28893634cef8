// Runs the real server entry (server/index.ts) as its own process, for tests about processes:
// locks, crashes, signals, several servers on one database.
import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import { projectRoot } from "../paths.js";
import { listensOn } from "../../testing/listener.ts";

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

export async function spawnServer(
  env: Record<string, string>,
  opts: {
    waitReady?: boolean;
    /** An IPC channel, as npm start's supervisor opens. */
    ipc?: boolean;
    /** The process's open-file limit (ulimit -n), soft and hard, so a test can exhaust it with a few hundred connections. */
    openFiles?: number;
  } = {},
  /** How many starts lost their port to another process already (see below). */
  portsLost = 0,
): Promise<ServerProcess> {
  const port = await freePort();
  const entry = [process.execPath, "--import", "tsx", "server/index.ts"];
  // One process (no tsx wrapper), so a signal reaches the server itself: the shell sets the limit
  // and replaces itself with the server.
  const [command, ...args] =
    opts.openFiles === undefined ? entry : ["bash", "-c", `ulimit -n ${opts.openFiles} && exec "$0" "$@"`, ...entry];
  const child = spawn(command, args, {
    cwd: projectRoot,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: "test",
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      AUTH_SCRYPT_COST: "12",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe", ...(opts.ipc ? (["ipc"] as const) : [])],
  });
  let out = "";
  child.stdout!.on("data", (d) => (out += d));
  child.stderr!.on("data", (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  if (opts.waitReady !== false) {
    // Creating a fresh embedded database and migrating it can take over a minute on a busy machine.
    const deadline = Date.now() + 120_000;
    let ready = false;
    while (!ready && Date.now() < deadline && child.exitCode === null) {
      // Answered by this server, not another process that took the port meanwhile (listener.ts).
      ready = (await fetch(`${url}/api/health`).then((r) => r.ok, () => false)) && listensOn(child.pid!, port);
      if (!ready) await new Promise((r) => setTimeout(r, 200));
    }
    if (!ready) {
      child.kill("SIGKILL");
      // Another process took the port between freePort and the server's bind: on another port.
      if (out.includes("EADDRINUSE") && portsLost < 2) return spawnServer(env, opts, portsLost + 1);
      throw new Error(`server did not start:\n${out}`);
    }
  }
  return { url, child, output: () => out, exited };
}

/** Minimal cookie-carrying JSON client for a spawned server. */
export function httpClient(base: string) {
  let cookie = "";
  return {
    get cookie() {
      return cookie;
    },
    async call(method: string, url: string, body?: unknown) {
      const res = await fetch(base + url, {
        method,
        headers: { ...(body ? { "content-type": "application/json" } : {}), ...(cookie ? { cookie } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      const set = res.headers.get("set-cookie");
      if (set) cookie = set.split(";")[0];
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : null };
    },
  };
}
