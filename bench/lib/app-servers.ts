// Real app server processes for the live-workspace benches: one on a fresh PGlite data folder, or
// several sharing a throwaway PostgreSQL database (BENCH_DATABASE_URL), with one secret.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { httpClient, spawnServer, type ServerProcess } from "../../server/test/spawn-server.js";
import { throwawayPostgres } from "./bench-databases.js";

export const BENCH_PASSWORD = "bench password for the live workspace";

export interface AppServers {
  servers: ServerProcess[];
  stop(): Promise<void>;
}

/** `env` adds variables for every server (e.g. FLYER_ALLOW_PRIVATE_NETWORKS). */
export async function startAppServers(count: number, postgresUrl?: string, env: Record<string, string> = {}): Promise<AppServers> {
  const database = postgresUrl ? await throwawayPostgres(postgresUrl) : undefined;
  const dirs: string[] = [];
  const secret = randomBytes(36).toString("base64url");
  const servers: ServerProcess[] = [];
  const stop = async () => {
    for (const s of servers) s.child.kill("SIGTERM");
    await Promise.all(servers.map((s) => s.exited));
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
    await database?.drop();
  };
  try {
    for (let i = 0; i < count; i++) {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-live-"));
      dirs.push(dir);
      // One after the other: the first migrates the empty database.
      servers.push(
        await spawnServer({
          NODE_ENV: "production",
          LOG_LEVEL: "error",
          DATA_DIR: dir,
          SESSION_SECRET: secret,
          ...(database ? { DATABASE_URL: database.url } : {}),
          ...env,
        }),
      );
    }
  } catch (err) {
    await stop();
    throw err;
  }
  return { servers, stop };
}

/** The first admin on a fresh workspace, signed in; returns its client. */
export async function firstAdmin(url: string, username = "lead") {
  const client = httpClient(url);
  const res = await client.call("POST", "/api/init-admin", { username, password: BENCH_PASSWORD, email: `${username}@example.com` });
  if (res.status !== 201) throw new Error(`init-admin: HTTP ${res.status} ${JSON.stringify(res.body)}`);
  return client;
}

/** A member invited by `admin` and registered; returns their username. */
export async function invitedMember(url: string, admin: ReturnType<typeof httpClient>, username: string) {
  const invite = await admin.call("POST", "/api/invitations", { email: `${username}@example.com` });
  if (invite.status !== 201) throw new Error(`invite: HTTP ${invite.status}`);
  const token = new URL(invite.body.inviteLink).searchParams.get("token");
  const member = httpClient(url);
  const res = await member.call("POST", "/api/register", { username, password: BENCH_PASSWORD, token });
  if (res.status !== 201) throw new Error(`register: HTTP ${res.status} ${JSON.stringify(res.body)}`);
  return username;
}

export function rssBytes(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb * 1024;
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}
