// The one change-event path (DESIGN.md).
// Triggers in the database publish every committed write on the "app_changes" channel
// (migrations/0006_change_events.sql); this bus LISTENs once per process and hands each change
// to whoever subscribed here: the event stream, the cache versions and the session cache.
import { randomBytes } from "node:crypto";
import { z } from "zod";
import type { Database } from "../db/database.js";
import type { Logger } from "../logger.js";

export const CHANGE_CHANNEL = "app_changes";

export const CHANGE_KINDS = ["listings", "notes", "agents", "notifications", "settings", "users", "sessions", "brand", "prospects", "campaigns"] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

const changeSchema = z.object({
  kind: z.enum(CHANGE_KINDS),
  ids: z.array(z.union([z.string(), z.number()])).optional(),
  /** Too many ids for one NOTIFY: every entity of this kind may have changed. */
  many: z.boolean().optional(),
  deleted: z.boolean().optional(),
});
export type Change = z.infer<typeof changeSchema>;

/** Not a change: a marker this process sent after a write of its own (server/events/local-writes.ts). */
const barrierSchema = z.object({ barrier: z.string() });

/**
 * Not a change: a versioned scope's new version, announced by the database at the commit of a
 * change to it, after the change itself.
 */
const versionSchema = z.object({ version: z.object({ scope: z.string().max(200), n: z.number().int().min(1) }) });
export type ScopeVersion = z.infer<typeof versionSchema>["version"];

/**
 * Not a change either: how far some long work in one server has got (an import's commit), so
 * every server can show it. Sent outside any transaction, so it is heard while the work runs.
 */
const progressSchema = z.object({
  progress: z.object({
    key: z.string().max(200),
    done: z.number().int().min(0),
    total: z.number().int().min(0),
    over: z.boolean().optional(),
    /** Who started the work: the event stream tells only them (their screen shows the bar). */
    userId: z.number().int().optional(),
  }),
});
export type Progress = z.infer<typeof progressSchema>["progress"];

/** The progress key of an import's commit (server/features/imports/commit-progress.ts). */
export const IMPORT_PROGRESS_KEY = "import:";

/**
 * `change`: one committed statement's change. `resync`: the bus was deaf for a while (its
 * connection dropped and came back), so anything may have changed.
 */
export type BusMessage = { type: "change"; change: Change } | { type: "resync" };

export class ChangeBus {
  /** True while the LISTEN connection is up; caches answer from memory only then. */
  live = false;
  /**
   * Names one unbroken stretch of listening: it changes whenever the bus goes down, so any
   * version or cache entry made under an older epoch is never trusted again.
   */
  epoch = randomBytes(6).toString("base64url");
  /** How many messages this bus has passed on; lets a cache see that one arrived meanwhile. */
  seq = 0;
  private subscribers = new Set<(message: BusMessage) => void>();
  private barrierListeners = new Set<(token: string) => void>();
  private progressListeners = new Set<(progress: Progress) => void>();
  private versionListeners = new Set<(version: ScopeVersion) => void>();
  private liveListeners = new Set<() => void>();
  private wasLive = false;

  constructor(private logger?: Logger) {}

  subscribe(fn: (message: BusMessage) => void): () => void {
    this.subscribers.add(fn);
    return () => this.subscribers.delete(fn);
  }

  /**
   * Hears the barriers sent on the change channel. NOTIFYs arrive in commit order, so once a
   * barrier sent after a write is heard, that write's changes have been applied here.
   */
  onBarrier(fn: (token: string) => void): () => void {
    this.barrierListeners.add(fn);
    return () => this.barrierListeners.delete(fn);
  }

  /** Hears the progress messages every server sends on the change channel. */
  onProgress(fn: (progress: Progress) => void): () => void {
    this.progressListeners.add(fn);
    return () => this.progressListeners.delete(fn);
  }

  /** Hears each versioned scope's new version, in commit order. */
  onVersion(fn: (version: ScopeVersion) => void): () => void {
    this.versionListeners.add(fn);
    return () => this.versionListeners.delete(fn);
  }

  /** Hears each time the bus starts listening (at start and after each drop): a new epoch. */
  onLive(fn: () => void): () => void {
    this.liveListeners.add(fn);
    return () => this.liveListeners.delete(fn);
  }

  /** A NOTIFY payload from the database. */
  receive(payload: string): void {
    let change: Change;
    try {
      const parsed: unknown = JSON.parse(payload);
      const barrier = barrierSchema.safeParse(parsed);
      // Every process hears every barrier; each keeps only its own tokens.
      if (barrier.success) return void this.barrierListeners.forEach((fn) => fn(barrier.data.barrier));
      const version = versionSchema.safeParse(parsed);
      if (version.success) return void this.versionListeners.forEach((fn) => fn(version.data.version));
      const progress = progressSchema.safeParse(parsed);
      if (progress.success) return void this.progressListeners.forEach((fn) => fn(progress.data.progress));
      change = changeSchema.parse(parsed);
    } catch (err) {
      this.logger?.warn({ err, payload }, "change bus: ignoring a payload it cannot read");
      return;
    }
    this.emit({ type: "change", change });
  }

  setLive(up: boolean): void {
    if (up === this.live) return;
    this.epoch = randomBytes(6).toString("base64url");
    this.live = up;
    if (!up) {
      this.logger?.warn("change bus: the LISTEN connection dropped; caches are bypassed until it is back");
      this.emit({ type: "resync" });
      return;
    }
    // Coming back after a drop: what was published meanwhile is lost, so everyone refetches.
    if (this.wasLive) this.emit({ type: "resync" });
    this.wasLive = true;
    this.liveListeners.forEach((fn) => fn());
  }

  private emit(message: BusMessage) {
    this.seq += 1;
    for (const fn of this.subscribers) {
      try {
        fn(message);
      } catch (err) {
        this.logger?.error({ err }, "change bus: a subscriber failed");
      }
    }
  }
}

/** A bus listening to the database's change channel; `stop` ends the LISTEN. */
export async function startChangeBus(database: Database, logger?: Logger): Promise<{ bus: ChangeBus; stop: () => Promise<void> }> {
  const bus = new ChangeBus(logger);
  const stop = await database.listen(CHANGE_CHANNEL, {
    onPayload: (payload) => bus.receive(payload),
    onState: (up) => bus.setLive(up),
  });
  return { bus, stop };
}
