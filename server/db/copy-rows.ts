// COPY ... FROM STDIN, the fastest way to put many rows into a table, on both databases: PGlite
// reads the text as a blob ('/dev/blob'); node-postgres gets a minimal Submittable for the copy
// protocol (no pg-copy-streams). Used by the import wizard's staging and by the bench's COPY floor.
import pg from "pg";
import type { Tx } from "./database.js";

interface Connection {
  query(text: string): void;
  sendCopyFromChunk(chunk: Buffer): void;
  endCopyFrom(): void;
}

/** Answers the server's CopyInResponse with the whole text, then waits for the command to finish. */
class CopyFrom {
  readonly done: Promise<void>;
  private resolve!: () => void;
  private reject!: (err: unknown) => void;

  constructor(
    private readonly text: string,
    private readonly data: Buffer,
  ) {
    this.done = new Promise((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
    });
  }

  submit(connection: Connection) {
    connection.query(this.text);
  }
  handleCopyInResponse(connection: Connection) {
    // The protocol carries at most 1 GB per message; 64 kB pieces keep each one small.
    for (let i = 0; i < this.data.length; i += 65_536) connection.sendCopyFromChunk(this.data.subarray(i, i + 65_536));
    connection.endCopyFrom();
  }
  // After an error the client forgets this query, so ReadyForQuery never reaches it.
  handleError(err: unknown) {
    this.reject(err);
  }
  handleReadyForQuery() {
    this.resolve();
  }
  handleCommandComplete() {}
  handleRowDescription() {}
  handleDataRow() {}
  handleEmptyQuery() {}
  handlePortalSuspended() {}
  handleCopyData() {}
}

/** `copy ... from stdin ...` over one node-postgres connection. */
export async function copyFrom(client: pg.PoolClient | pg.Client, text: string, data: string): Promise<void> {
  const copy = new CopyFrom(text, Buffer.from(data, "utf8"));
  client.query(copy as unknown as pg.QueryConfig);
  await copy.done;
}

interface PgliteQuery {
  query(text: string, params: unknown[], options: { blob: Blob }): Promise<unknown>;
}

/**
 * COPY's text format for one value: null is \N; backslash, newline, carriage return and tab are
 * escaped (JSON text holds backslashes, so they are never rare).
 */
export function copyText(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return "\\N";
  const text = String(value);
  return /[\\\n\r\t]/.test(text) ? text.replace(/[\\\n\r\t]/g, (c) => COPY_ESCAPES[c]) : text;
}
const COPY_ESCAPES: Record<string, string> = { "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t" };

const clientOf = (tx: Tx) => (tx as unknown as { session: { client: unknown } }).session.client;

/**
 * Whether a COPY on `tx` runs beside queries sent elsewhere: on PostgreSQL the transaction has a
 * connection of its own and the database copies in its own process; PGlite has one connection,
 * which the transaction holds until it ends.
 */
export const copiesAlongside = (tx: Tx) => clientOf(tx) instanceof pg.Client;

/**
 * Copies `lines` (COPY text format, each ending in "\n"; see copyText) into a table's columns
 * within the transaction `tx`: on PostgreSQL over the transaction's own connection, so the rows
 * are written or rolled back with everything else in it.
 */
export async function copyRows(tx: Tx, table: string, columns: string[], lines: string): Promise<void> {
  const client = clientOf(tx);
  const target = `${pg.escapeIdentifier(table)} (${columns.map((c) => pg.escapeIdentifier(c)).join(", ")})`;
  if (client instanceof pg.Client) {
    await copyFrom(client, `copy ${target} from stdin`, lines);
  } else {
    await (client as PgliteQuery).query(`copy ${target} from '/dev/blob'`, [], { blob: new Blob([lines]) });
  }
}
