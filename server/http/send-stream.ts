// The one way a route streams a body (a stored file, a CSV made as it goes) as its reply.
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Response } from "express";

// A reader who left: mid-body (premature close), or before the first byte was piped, when the
// route was still waiting on storage or the database (unable to pipe to a destroyed reply).
const READER_LEFT = new Set(["ERR_STREAM_PREMATURE_CLOSE", "ERR_STREAM_UNABLE_TO_PIPE"]);

/**
 * Pipes `body` into the reply. A reader who left is nothing to report. The body is closed either
 * way: `pipeline` leaves its source open when the reply was gone before it began, and a stored
 * file's descriptor would then stay open until garbage collection (descriptor-budget.ts counts them).
 */
export async function sendStream(body: Readable, res: Response): Promise<void> {
  try {
    await pipeline(body, res);
  } catch (err) {
    if (!READER_LEFT.has((err as NodeJS.ErrnoException).code ?? "")) throw err;
  } finally {
    body.destroy();
  }
}
