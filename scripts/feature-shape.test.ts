// Every feature has the same shape (docs/decisions/130-feature-shape.md): a reader who knows one
// server feature knows where everything of another lives, and the client and server name a
// feature alike.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.join(import.meta.dirname, "..");
const dirs = (at: string) => fs.readdirSync(path.join(root, at)).filter((name) => fs.statSync(path.join(root, at, name)).isDirectory());
const has = (feature: string, file: string) => fs.existsSync(path.join(root, "server/features", feature, file));
const tests = (feature: string) => fs.readdirSync(path.join(root, "server/features", feature)).filter((f) => /\.(pg-)?test\.ts$/.test(f));

// Features that talk to no one over HTTP: other features use them through their service.
const INTERNAL = ["mail", "sessions"];
// Features that keep nothing of their own in the database.
const STATELESS = ["auth", "events", "flyer", "health"];
// Server features whose work the client does inside another feature's screens (no client folder).
// The event stream's client is client/src/lib/live-events.ts, beside the query cache it feeds.
const SERVER_ONLY = ["events", "flyer", "health", "mail", "posts", "sessions"];
// Client features with no server routes of their own.
const CLIENT_ONLY: string[] = [];

describe("feature shape", () => {
  const serverFeatures = dirs("server/features");

  it.each(serverFeatures)("server feature %s has routes, service, data, access matrix and tests", (feature) => {
    expect(has(feature, "service.ts"), "service.ts").toBe(true);
    if (!STATELESS.includes(feature)) expect(has(feature, "data.ts"), "data.ts").toBe(true);
    if (!INTERNAL.includes(feature)) {
      expect(has(feature, "routes.ts"), "routes.ts").toBe(true);
      expect(has(feature, "access.matrix.ts"), "access.matrix.ts").toBe(true);
    }
    expect(tests(feature).length, "tests").toBeGreaterThan(0);
  });

  it("client and server name their features alike", () => {
    const client = dirs("client/src/features").filter((f) => !CLIENT_ONLY.includes(f));
    const server = serverFeatures.filter((f) => !SERVER_ONLY.includes(f));
    expect(client.sort()).toEqual(server.sort());
  });
});
