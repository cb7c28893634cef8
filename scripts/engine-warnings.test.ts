// A quiet first run: `npm install` on the system's older Node (20) warns, with EBADENGINE, about
// each installed package whose `engines.node` leaves Node 20 out, and the README must explain
// every one of them by name. The lockfile records each package's engines, so a package added
// without its line in the README fails here rather than surprising a newcomer.
import fs from "node:fs";
import path from "node:path";
import semver from "semver";
import { describe, expect, it } from "vitest";

const root = path.join(import.meta.dirname, "..");
const SYSTEM_NODE = ">=20.0.0 <21.0.0";

interface LockPackage {
  name?: string;
  engines?: { node?: unknown } | unknown[];
}

/** The installed packages (by name) whose declared Node range leaves out every Node 20; "" is the app itself. */
export function warnedOnNode20(lock: { packages: Record<string, LockPackage> }): string[] {
  const names = new Set<string>();
  for (const [key, pkg] of Object.entries(lock.packages)) {
    const range = !Array.isArray(pkg.engines) ? pkg.engines?.node : undefined;
    if (typeof range !== "string" || !semver.validRange(range)) continue;
    if (!semver.intersects(range, SYSTEM_NODE)) names.add(key.split("node_modules/").pop() ?? "");
  }
  return [...names].sort();
}

describe("npm install on the system's Node 20", () => {
  const lock = JSON.parse(fs.readFileSync(path.join(root, "package-lock.json"), "utf8")) as { packages: Record<string, LockPackage> };
  const readme = fs.readFileSync(path.join(root, "README.md"), "utf8");

  it("warns only about packages the README names", () => {
    const warned = warnedOnNode20(lock);
    // The app itself asks for Node 24, which the README explains first.
    expect(warned).toContain("");
    const unexplained = warned.filter((name) => name !== "" && !readme.includes(`\`${name}\``));
    expect(unexplained).toEqual([]);
  });

  it("finds a package that asks for a newer Node, and only such packages", () => {
    const packages = {
      "": { name: "app", engines: { node: ">=24 <25" } },
      "node_modules/new-only": { engines: { node: ">=22.12.0" } },
      "node_modules/a/node_modules/@scope/either": { engines: { node: "^22.17.0 || >=24.0.0" } },
      "node_modules/fine": { engines: { node: ">=18" } },
      "node_modules/twenty-late": { engines: { node: "^20.19.0 || >=22.12.0" } },
      "node_modules/old-style": { engines: ["node >= 0.8"] },
      "node_modules/none": {},
    };
    expect(warnedOnNode20({ packages })).toEqual(["", "@scope/either", "new-only"]);
  });
});
