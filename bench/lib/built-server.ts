// The built app (`npm run build` first) over a data folder of its own, for the sections that
// drive it in Chromium.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { toPublicUser } from "../../shared/schema.js";
import { openPglite } from "../../server/db/database.js";
import { hashPassword } from "../../server/features/auth/passwords.js";
import { insertUser } from "../../server/features/users/data.js";
import { seedListings } from "./seed-listings.js";
import { PASSWORD, SCRYPT_COST } from "./sign-in.js";

/** The one user of a seeded data folder (an admin), signed in with PASSWORD. */
export const USERNAME = "bench";
const root = path.resolve(import.meta.dirname, "..", "..");
const serverEntry = path.join(root, "dist", "server", "index.js");

/** Whether `npm run build` has made the server these sections start. */
export const isBuilt = () => fs.existsSync(serverEntry);

export interface BuiltServer {
  baseURL: string;
  stop(): Promise<void>;
}

/** A data folder holding one user and `count` listings, for the built server to open. */
export async function seededDataDir(count: number): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-browser-"));
  const database = await openPglite(dir);
  try {
    const user = toPublicUser(
      await insertUser(database.db, {
        username: USERNAME,
        password: await hashPassword(PASSWORD, SCRYPT_COST),
        email: null,
        isAdmin: true,
      }),
    );
    if (count > 0) await seedListings(database.db, count, user.id, { facts: "full" });
  } finally {
    await database.close();
  }
  return dir;
}

export async function startBuiltServer(dataDir: string): Promise<BuiltServer> {
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const baseURL = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, [serverEntry], {
    cwd: root,
    stdio: ["ignore", "ignore", "pipe"],
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      SESSION_SECRET: randomBytes(36).toString("base64url"),
      LOG_LEVEL: "error",
      AUTH_SCRYPT_COST: String(SCRYPT_COST),
    },
  });
  let errors = "";
  child.stderr?.on("data", (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-4000)));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}:\n${errors}`);
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`the server did not start within 60 s:\n${errors}`);
    }
    const ok = await fetch(`${baseURL}/api/health`, { signal: AbortSignal.timeout(2000) }).then((r) => r.ok, () => false);
    if (ok) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    baseURL,
    async stop() {
      child.kill("SIGTERM");
      await exited;
    },
  };
}

