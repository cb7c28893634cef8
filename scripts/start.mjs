// `npm start`: builds the app when the build is missing or older than the sources, then serves
// it in production mode. So `npm install && npm start` works on a fresh clone. Signals and the
// exit code pass between npm and the server (run-supervised.mjs).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { runSupervised } from "./run-supervised.mjs";

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

runSupervised(process.execPath, ["--enable-source-maps", built], {
  cwd: root,
  env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? "production" },
});
