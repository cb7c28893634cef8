// How `npm run backup` asks a running server for a backup:
// while a server holds the embedded database, only it can take a consistent snapshot. The command
// drops a request file into DATA_DIR/backup-requests; the server, which looks there every second,
// takes the backup and answers with a result file beside it. No port, no token: whoever may write
// the data folder may already read every byte of the database.
import { randomUUID } from "node:crypto";
import fsp from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import type { Logger } from "../../logger.js";

export const REQUESTS_FOLDER = "backup-requests";
const POLL_MS = 1_000;

const requestSchema = z.object({ dir: z.string().min(1) });
const resultSchema = z.union([
  z.object({ ok: z.literal(true), file: z.string(), bytes: z.number() }),
  z.object({ ok: z.literal(false), error: z.string() }),
]);
export type RequestResult = z.infer<typeof resultSchema>;

const folderOf = (dataDir: string) => path.join(dataDir, REQUESTS_FOLDER);

/** Written under a temporary name and renamed, so the reader never sees half a file. */
async function writeAtomically(file: string, body: unknown) {
  const tmp = `${file}.${randomUUID()}.tmp`;
  await fsp.writeFile(tmp, JSON.stringify(body), { mode: 0o600 });
  await fsp.rename(tmp, file);
}

/** The server's side: answers each request with a backup. Returns the function that stops it. */
export function watchBackupRequests(
  dataDir: string,
  backUp: (dir: string) => Promise<{ file: string; bytes: number }>,
  logger: Logger,
): () => Promise<void> {
  const folder = folderOf(dataDir);
  let stopped = false;
  let busy: Promise<void> = Promise.resolve();

  const answer = async (id: string) => {
    const taken = path.join(folder, `${id}.taken`);
    // The rename is the claim: a request is answered once even if a look overlaps the last one.
    try {
      await fsp.rename(path.join(folder, `${id}.request`), taken);
    } catch {
      return;
    }
    let result: RequestResult;
    try {
      const request = requestSchema.parse(JSON.parse(await fsp.readFile(taken, "utf8")));
      result = { ok: true, ...(await backUp(request.dir)) };
    } catch (err) {
      result = { ok: false, error: err instanceof Error ? err.message : String(err) };
      logger.error({ err }, "backup asked for by npm run backup failed");
    }
    await writeAtomically(path.join(folder, `${id}.result`), result);
    await fsp.rm(taken, { force: true });
  };

  const look = async () => {
    const names = await fsp.readdir(folder).catch(() => [] as string[]);
    for (const name of names.filter((n) => n.endsWith(".request"))) await answer(name.slice(0, -".request".length));
  };
  const timer = setInterval(() => {
    busy = busy.then(() => (stopped ? undefined : look())).catch((err) => logger.error({ err }, "reading backup requests failed"));
  }, POLL_MS);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await busy;
  };
}

/** The command's side: asks, then waits for the answer while `stillRunning()` says the server is up. */
export async function requestBackup(dataDir: string, dir: string, stillRunning: () => boolean): Promise<RequestResult> {
  const folder = folderOf(dataDir);
  await fsp.mkdir(folder, { recursive: true, mode: 0o700 });
  const id = randomUUID();
  const resultFile = path.join(folder, `${id}.result`);
  await writeAtomically(path.join(folder, `${id}.request`), { dir });
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const text = await fsp.readFile(resultFile, "utf8").catch(() => null);
    if (text !== null) {
      await fsp.rm(resultFile, { force: true });
      return resultSchema.parse(JSON.parse(text));
    }
    if (!stillRunning()) {
      await fsp.rm(path.join(folder, `${id}.request`), { force: true });
      return { ok: false, error: "The server stopped before it answered; run npm run backup again." };
    }
  }
}
