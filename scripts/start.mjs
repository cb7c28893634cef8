// `npm start`: builds the app when the build is missing or older than the sources, then serves
// it in production mode. So `npm install && npm start` works on a fresh clone.
import { spawnSync, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const built = path.join(root, "dist", "server", "index.js");
const clientIndex = path.join(root, "dist", "client", "index.html");

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

const sources = ["client", "server", "shared", "migrations"].map((d) => path.join(root, d)).filter(fs.existsSync);
const sourceTime = Math.max(...sources.map(newestMtime), fs.statSync(path.join(root, "package-lock.json")).mtimeMs);
const stale =
  !fs.existsSync(built) ||
  !fs.existsSync(clientIndex) ||
  Math.min(fs.statSync(built).mtimeMs, fs.statSync(clientIndex).mtimeMs) < sourceTime;

if (stale) {
  console.log("Building the app (first start or sources changed)...");
  const result = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const child = spawn(process.execPath, ["--enable-source-maps", built], {
  cwd: root,
  stdio: "inherit",
  env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? "production" },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
