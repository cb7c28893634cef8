// COPY ... FROM STDIN over node-postgres without pg-copy-streams: a Submittable that answers the
// server's CopyInResponse with the whole text, then waits for the command to finish.
import type pg from "pg";

interface Connection {
  query(text: string): void;
  sendCopyFromChunk(chunk: Buffer): void;
  endCopyFrom(): void;
}

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

export async function copyFrom(client: pg.PoolClient | pg.Client, text: string, data: string): Promise<void> {
  const copy = new CopyFrom(text, Buffer.from(data, "utf8"));
  client.query(copy as unknown as pg.QueryConfig);
  await copy.done;
}
