// The data folder holds password hashes, sessions, leads and the generated secrets: only the
// account that runs the app may read it (docs/guides/operations.md, "The data folder"). PGlite
// writes its own files with Node's default modes, so the process's umask is what makes them
// owner-only; a pass over the folder at start mends an install made before this rule.
import type fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";

export const OWNER_ONLY_DIR = 0o700;
export const OWNER_ONLY_FILE = 0o600;

/**
 * Every file and folder this process creates from now on is owner-only, whoever creates it
 * (PGlite, the image store, backups, restores). Called first thing by the server and the commands.
 */
export function createOwnerOnly(): void {
  process.umask(0o077);
}

export interface OwnerOnlyPass {
  /** Files and folders whose mode was narrowed. */
  changed: number;
  /** Paths this account could not change (owned by another user): the caller warns. */
  refused: string[];
}

/**
 * Narrows every folder under `dir` (itself included) to 0700 and every file to 0600; symbolic
 * links are left alone (their target is not ours to change). A missing `dir` is nothing to do.
 */
export async function makeOwnerOnly(dir: string): Promise<OwnerOnlyPass> {
  const pass: OwnerOnlyPass = { changed: 0, refused: [] };
  const visit = async (target: string): Promise<void> => {
    let stat: fs.Stats;
    try {
      stat = await fsp.lstat(target);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return;
      throw err;
    }
    if (stat.isSymbolicLink()) return;
    const wanted = stat.isDirectory() ? OWNER_ONLY_DIR : OWNER_ONLY_FILE;
    if ((stat.mode & 0o777) !== wanted) {
      try {
        await fsp.chmod(target, wanted);
        pass.changed++;
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code;
        if (code !== "EPERM" && code !== "EACCES" && code !== "ENOENT") throw err;
        pass.refused.push(target);
      }
    }
    if (!stat.isDirectory()) return;
    const names = await fsp.readdir(target).catch((err: NodeJS.ErrnoException) => {
      if (err.code === "ENOENT") return [];
      throw err;
    });
    for (const name of names) await visit(path.join(target, name));
  };
  await visit(dir);
  return pass;
}
