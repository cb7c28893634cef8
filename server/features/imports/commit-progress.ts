// How far a commit has got, on every app server. The server committing
// keeps its own count, and sends it on the change channel at most a few times a second: on
// PostgreSQL as a NOTIFY outside the commit's transaction (one inside it would only arrive at the
// end), on PGlite (one process) straight to its own bus. Every server remembers what it heard, so
// GET /api/imports/:id shows the bar wherever it lands, and the event stream tells the importer's
// browser to read it again.
import { IMPORT_PROGRESS_KEY as KEY, type ChangeBus } from "../../events/change-bus.js";

export interface Done {
  done: number;
  total: number;
}

/** Sends at most this often while a commit runs. */
const SEND_EVERY_MS = 250;
/** A count not refreshed for this long is from a server that stopped mid-commit: forgotten. */
const STALE_MS = 30_000;

export interface CommitProgressOptions {
  bus?: ChangeBus;
  /** Sends a payload on the change channel, outside any transaction. */
  send?: (payload: string) => Promise<unknown>;
  now?: () => number;
}

export class CommitProgress {
  private own = new Map<string, Done>();
  private heard = new Map<string, Done & { at: number }>();
  private now: () => number;

  constructor(private options: CommitProgressOptions = {}) {
    this.now = options.now ?? Date.now;
    options.bus?.onProgress(({ key, done, total, over }) => {
      if (!key.startsWith(KEY)) return;
      const id = key.slice(KEY.length);
      if (over) this.heard.delete(id);
      else this.heard.set(id, { done, total, at: this.now() });
    });
  }

  /** This server is committing the import now. */
  runsHere(id: string): boolean {
    return this.own.has(id);
  }

  /** The commit's progress as this server knows it: its own, or one another server reported lately. */
  of(id: string): Done | undefined {
    const own = this.own.get(id);
    if (own) return { ...own };
    const heard = this.heard.get(id);
    if (!heard) return undefined;
    if (this.now() - heard.at > STALE_MS) {
      this.heard.delete(id);
      return undefined;
    }
    return { done: heard.done, total: heard.total };
  }

  /** A commit starts here: `advance` as rows are written, `end` when it is over either way. */
  start(id: string, total: number, userId?: number): { advance(done: number): void; end(): void } {
    const current: Done = { done: 0, total };
    this.own.set(id, current);
    let sentAt = -Infinity;
    const send = (over: boolean) => {
      if (!this.options.send) return;
      sentAt = this.now();
      const payload = JSON.stringify({
        progress: { key: KEY + id, done: current.done, total: current.total, ...(over && { over }), ...(userId !== undefined && { userId }) },
      });
      // Progress is a courtesy: a lost message only leaves another server's bar behind.
      void this.options.send(payload).catch(() => {});
    };
    send(false);
    return {
      advance: (done) => {
        current.done = Math.min(total, done);
        if (this.now() - sentAt >= SEND_EVERY_MS) send(false);
      },
      end: () => {
        this.own.delete(id);
        send(true);
      },
    };
  }
}
