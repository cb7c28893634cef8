// Starts the built app (dist/server/index.js) as a child process on a free port, with its own
// data folder and, when TEST_DATABASE_URL is set, its own fresh PostgreSQL database.
// `serverForFile` hands a journey file the server started while the file before it ran.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { inject } from "vitest";
import { E2E_TEMPLATE_DB } from "./global-setup.js";
import { listensOn } from "../../testing/listener.ts";

const root = path.resolve(import.meta.dirname, "..", "..");
const serverEntry = path.join(root, "dist", "server", "index.js");
const READY_TIMEOUT_MS = 60_000;

export interface TestServer {
  baseURL: string;
  /** Stops the server and starts it again on the same port, data and database (open pages stay). */
  restart(): Promise<void>;
  /**
   * A second app server on the same PostgreSQL database with the same secret (its own port and
   * data folder), as behind a load balancer; stopped with this one. Null on PGlite.
   */
  sibling(): Promise<{ baseURL: string } | null>;
  /** The last 20,000 characters the server (and its siblings) printed. */
  log(): string;
  stop(): Promise<void>;
  /** Gives a server started in the background its normal priority back (see serverForFile). */
  foreground(): void;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

const randomSecret = (length: number) => randomBytes(length).toString("base64url").slice(0, length);

async function withAdminClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** A new database cloned from the migrated template next to TEST_DATABASE_URL's. */
async function createDatabase(baseUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `e2e_${randomBytes(6).toString("hex")}`;
  await withAdminClient(baseUrl, (c) => c.query(`CREATE DATABASE ${name} TEMPLATE ${E2E_TEMPLATE_DB}`));
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => withAdminClient(baseUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  };
}

async function waitForHealth(baseURL: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}:\n${output()}`);
    try {
      const res = await fetch(`${baseURL}/api/health`, { signal: AbortSignal.timeout(2_000) });
      // Answered by this server, not another process that took the port meanwhile (listener.ts).
      if (res.status === 200 && listensOn(child.pid!, Number(new URL(baseURL).port))) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`The server did not answer /api/health within ${READY_TIMEOUT_MS / 1000} s:\n${output()}`);
}

/**
 * Notes each server process in the run's folder (global-setup.ts) until it exits, so the run's
 * teardown can stop one a worker left running (the spare below after the last file) and remove
 * its data folder.
 */
function registerProcess(child: ChildProcess, dataDir: string) {
  const folder = inject("e2eServers");
  if (!folder || child.pid === undefined) return;
  const record = path.join(folder, `${child.pid}.json`);
  fs.writeFileSync(record, JSON.stringify({ pid: child.pid, dataDir }));
  child.once("exit", () => fs.rmSync(record, { force: true }));
}

let spare: Promise<TestServer> | undefined;

/**
 * The server of a journey file. When the run keeps one worker for its files
 * (`e2eSpareServers`, set by global-setup.ts from `isolate: false`), a file without environment
 * of its own takes the server started while the file before it ran, and starts the next one:
 * a start is seconds of CPU that the second core does beside the tests instead of between files.
 * Every file still gets a server of its own on a fresh copy of the migrated database. Only on the
 * embedded database: the PostgreSQL journeys are few, and a spare there would hold a database.
 */
export async function serverForFile(extraEnv: Record<string, string> = {}): Promise<TestServer> {
  if (!inject("e2eSpareServers") || process.env.TEST_DATABASE_URL || Object.keys(extraEnv).length > 0) return startServer(extraEnv);
  const taken = spare;
  spare = undefined;
  // A spare that failed to start (it is reported here, not left unhandled) is replaced by a new start.
  const server = taken ? await taken.catch(() => startServer()) : await startServer();
  server.foreground();
  // At a low priority, so that the start takes only CPU this file's tests leave idle.
  spare = startServer({}, { background: true });
  spare.catch(() => undefined);
  return server;
}

const BACKGROUND_NICE = 10;

/**
 * Linux's priority is per thread: every thread of the process gets its normal priority back.
 * Raising it needs the privilege CI runs with; without it the server stays at the low priority,
 * which matters only while something else wants the CPU.
 */
function restorePriority(pid: number) {
  let threads: string[];
  try {
    threads = fs.readdirSync(`/proc/${pid}/task`);
  } catch {
    threads = [String(pid)];
  }
  for (const thread of threads) {
    try {
      os.setPriority(Number(thread), 0);
    } catch {
      // No privilege to raise it, or the thread has ended.
    }
  }
}

export async function startServer(extraEnv: Record<string, string> = {}, { background = false } = {}): Promise<TestServer> {
  if (!fs.existsSync(serverEntry)) throw new Error(`${serverEntry} is missing: run \`npm run build\` first.`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "e2e-data-"));
  // Asynchronous: a spare's copy must not hold up the tests running in this process meanwhile.
  await fs.promises.cp(inject("e2eDataTemplate"), dataDir, { recursive: true });
  const database = process.env.TEST_DATABASE_URL ? await createDatabase(process.env.TEST_DATABASE_URL) : null;
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;

  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    SESSION_SECRET: randomSecret(48),
    LOG_LEVEL: "warn",
    // The lowest cost the server accepts, as in the server suite: journeys hash and check passwords
    // often, and the hash's strength is not what they test.
    AUTH_SCRYPT_COST: "12",
    ...(database ? { DATABASE_URL: database.url } : {}),
    ...extraEnv,
  };

  let output = "";
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  const launch = (processEnv: NodeJS.ProcessEnv = env, lowPriority = false) => {
    const args = ["--enable-source-maps", serverEntry];
    // Through nice(1) so that every thread starts low, not only those made after a later renice.
    const child = lowPriority
      ? spawn("nice", ["-n", String(BACKGROUND_NICE), process.execPath, ...args], { cwd: root, env: processEnv, stdio: ["ignore", "pipe", "pipe"] })
      : spawn(process.execPath, args, { cwd: root, env: processEnv, stdio: ["ignore", "pipe", "pipe"] });
    registerProcess(child, processEnv.DATA_DIR ?? dataDir);
    child.stdout?.on("data", collect);
    child.stderr?.on("data", collect);
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    return { child, exited };
  };
  let running = launch(env, background);
  const siblings: { process: ReturnType<typeof launch>; dataDir: string }[] = [];
  const halt = async ({ child, exited } = running) => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
      await exited;
      clearTimeout(timer);
    }
  };

  const cleanUp = async () => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    await database?.drop().catch(() => undefined);
  };

  try {
    await waitForHealth(baseURL, running.child, () => output);
  } catch (err) {
    running.child.kill("SIGKILL");
    await running.exited;
    await cleanUp();
    throw err;
  }

  return {
    baseURL,
    log: () => output,
    foreground() {
      if (background && running.child.pid !== undefined) restorePriority(running.child.pid);
    },
    async restart() {
      await halt();
      running = launch();
      await waitForHealth(baseURL, running.child, () => output);
    },
    async sibling() {
      if (!database) return null;
      const siblingDir = fs.mkdtempSync(path.join(os.tmpdir(), "e2e-data-"));
      const siblingURL = `http://127.0.0.1:${await freePort()}`;
      const started = launch({ ...env, PORT: new URL(siblingURL).port, DATA_DIR: siblingDir });
      siblings.push({ process: started, dataDir: siblingDir });
      await waitForHealth(siblingURL, started.child, () => output);
      return { baseURL: siblingURL };
    },
    async stop() {
      for (const sibling of siblings) {
        await halt(sibling.process);
        fs.rmSync(sibling.dataDir, { recursive: true, force: true });
      }
      await halt();
      await cleanUp();
    },
  };
}
