// The event stream's hub (docs/decisions/182-event-stream.md): turns the change bus's messages
// into Server-Sent Events for each signed-in browser, only the ones its user may see, keeps a
// short window of them for Last-Event-ID resume, ends streams whose session ended, and caps how
// many streams a session, a user and the process hold (docs/decisions/220-event-stream-caps.md).
import { randomBytes } from "node:crypto";
import { IMPORT_PROGRESS_KEY, type BusMessage, type Change, type ChangeBus, type Progress } from "../../events/change-bus.js";
import { parsePosition } from "../../../shared/live-position.js";
import type { Logger } from "../../logger.js";

export const EVENT_NAMES = ["notifications", "listings", "notes", "agents", "settings", "imports", "brand", "prospects", "campaigns", "resync", "ready", "replaced"] as const;
export type EventName = (typeof EVENT_NAMES)[number];

/** Past this much unsent data a client is not reading: it is dropped, and reconnects when it can. */
const DEFAULT_MAX_BUFFERED_BYTES = 256 * 1024;
/** Below the 30-60 s idle timeouts of common proxies, and within the 25 s. */
const DEFAULT_HEARTBEAT_MS = 20_000;
const REPLAY_EVENTS = 1_000;
const REPLAY_MS = 2 * 60_000;
/** Several tabs of one browser, and two of the six connections a browser opens to a host over HTTP/1.1 left for requests. */
export const DEFAULT_MAX_PER_SESSION = 4;
/** A person's few browsers and devices, four tabs each. */
export const DEFAULT_MAX_PER_USER = 16;
/** Used only when the app is built without a figure from the process's descriptor budget (tests). */
const DEFAULT_MAX_STREAMS = 1_000;
/** What a stream refused for want of room tells the client to wait. */
export const STREAMS_FULL_RETRY_AFTER_S = 30;
/**
 * A replaced stream's last word: an EventSource that does not know the "replaced" event (an older
 * page) waits this long before it reconnects, instead of replacing another tab in 2 s.
 */
const REPLACED_RETRY_MS = 10 * 60_000;
/**
 * A sending campaign changes with every message: its pages hear of it at most this often, which
 * shows the counts moving without a refetch per message in every open tab.
 */
export const CAMPAIGN_EVENT_GAP_MS = 1_000;

export interface StreamSink {
  write(chunk: string): boolean;
  end(): void;
  destroy(): void;
  readonly writableLength: number;
}

export interface HubOptions {
  bus: ChangeBus;
  /** The user a session still belongs to, or null once it ended (logout, deactivation, expiry). */
  checkSession(sid: string): Promise<number | null>;
  logger?: Logger;
  heartbeatMs?: number;
  maxBufferedBytes?: number;
  /** Streams one session may hold: opening one more closes its oldest. */
  maxPerSession?: number;
  /** Streams one user may hold across their sessions: opening one more closes their oldest. */
  maxPerUser?: number;
  /** Streams the process holds at most: past it a new one is refused (server/http/descriptor-budget.ts). */
  maxStreams?: number;
}

/** The limits a hub's owner may set: server/index.ts from the descriptor budget, tests small ones. */
export type HubLimits = Pick<HubOptions, "heartbeatMs" | "maxBufferedBytes" | "maxPerSession" | "maxPerUser" | "maxStreams">;

interface Stream {
  sink: StreamSink;
  userId: number;
  sid: string;
}

interface Sent {
  seq: number;
  at: number;
  /** Only this user's streams get it; everyone's when absent. */
  userId?: number;
  text: string;
}

/** Streams grouped by a key, each group in the order they opened (a Set keeps it): the first is the oldest. */
class StreamGroups<K> {
  private groups = new Map<K, Set<Stream>>();
  add(key: K, stream: Stream) {
    const group = this.groups.get(key) ?? new Set();
    group.add(stream);
    this.groups.set(key, group);
  }
  delete(key: K, stream: Stream) {
    const group = this.groups.get(key);
    if (!group?.delete(stream)) return;
    if (group.size === 0) this.groups.delete(key);
  }
  count(key: K) {
    return this.groups.get(key)?.size ?? 0;
  }
  oldest(key: K): Stream | undefined {
    return this.groups.get(key)?.values().next().value;
  }
}

export class EventHub {
  private streams = new Set<Stream>();
  private bySession = new StreamGroups<string>();
  private byUser = new StreamGroups<number>();
  /** Names this window of event ids: a Last-Event-ID from another process or an older window cannot resume. */
  private epoch = randomBytes(6).toString("base64url");
  private seq = 0;
  private window: Sent[] = [];
  private heartbeat: NodeJS.Timeout;
  private unsubscribe: () => void;
  private unsubscribeProgress: () => void;
  /** When "campaigns" was last sent, and the trailing one due within the gap, if any. */
  private campaignsSentAt = 0;
  private campaignsDue: NodeJS.Timeout | undefined;
  private maxBuffered: number;
  private maxPerSession: number;
  private maxPerUser: number;
  private maxStreams: number;
  /** Set by close(): the process is stopping, and a stream opened now would hold it up. */
  private closed = false;

  constructor(private options: HubOptions) {
    this.maxBuffered = options.maxBufferedBytes ?? DEFAULT_MAX_BUFFERED_BYTES;
    this.maxPerSession = options.maxPerSession ?? DEFAULT_MAX_PER_SESSION;
    this.maxPerUser = options.maxPerUser ?? DEFAULT_MAX_PER_USER;
    this.maxStreams = options.maxStreams ?? DEFAULT_MAX_STREAMS;
    this.unsubscribe = options.bus.subscribe((message) => this.onBus(message));
    this.unsubscribeProgress = options.bus.onProgress((progress) => this.onProgress(progress));
    this.heartbeat = setInterval(() => this.beat(), options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  get size() {
    return this.streams.size;
  }

  get isClosed() {
    return this.closed;
  }

  /** The id of the last event published (what a stream opened now would resume from). */
  position(): string {
    return `${this.epoch}-${this.seq}`;
  }

  /**
   * Whether a stream for this session may open now. Not while the process holds its cap, unless
   * the session or the user is at its own: opening then replaces one of theirs, taking no new place.
   */
  admits(userId: number, sid: string): boolean {
    return this.streams.size < this.maxStreams || this.bySession.count(sid) >= this.maxPerSession || this.byUser.count(userId) >= this.maxPerUser;
  }

  /**
   * Starts a stream: replays what it missed since `lastEventId`, or tells it to resync. Past the
   * session's or the user's cap their oldest stream is replaced: the newest is the tab in use,
   * and the oldest may be a connection that died without a word (a phone that changed network).
   */
  open(sink: StreamSink, userId: number, sid: string, lastEventId: string | undefined): () => void {
    const stream: Stream = { sink, userId, sid };
    this.streams.add(stream);
    this.bySession.add(sid, stream);
    this.byUser.add(userId, stream);
    if (this.bySession.count(sid) > this.maxPerSession) this.replace(this.bySession.oldest(sid)!);
    if (this.byUser.count(userId) > this.maxPerUser) this.replace(this.byUser.oldest(userId)!);
    sink.write("retry: 2000\n\n");
    const missed = lastEventId === undefined ? [] : this.since(lastEventId);
    if (missed === null) this.send(stream, this.format(this.nextSeq(), "resync", {}));
    else for (const sent of missed) if (sent.userId === undefined || sent.userId === userId) this.send(stream, sent.text);
    // An id even when nothing happens, so a reconnect can always say where it was.
    if (this.streams.has(stream)) this.send(stream, this.format(this.seq, "ready", {}));
    return () => this.remove(stream);
  }

  private remove(stream: Stream) {
    this.streams.delete(stream);
    this.bySession.delete(stream.sid, stream);
    this.byUser.delete(stream.userId, stream);
  }

  /**
   * Ends a stream a newer one of its session or user took the place of. It says so, without an
   * id (its Last-Event-ID stays where it was), so the page waits for its person to come back to
   * it rather than reconnect and replace another tab in turn.
   */
  private replace(stream: Stream) {
    this.remove(stream);
    stream.sink.write(`retry: ${REPLACED_RETRY_MS}\nevent: replaced\ndata: {}\n\n`);
    stream.sink.end();
  }

  /** Ends every stream (server shutdown): browsers reconnect to whichever server is up. */
  close() {
    this.closed = true;
    clearInterval(this.heartbeat);
    clearTimeout(this.campaignsDue);
    this.unsubscribe();
    this.unsubscribeProgress();
    for (const stream of this.streams) {
      this.remove(stream);
      stream.sink.end();
    }
  }

  private since(lastEventId: string): Sent[] | null {
    const position = parsePosition(lastEventId);
    if (!position || position.window !== this.epoch || position.seq > this.seq) return null;
    const { seq } = position;
    this.trim();
    const oldest = this.window[0]?.seq ?? this.seq + 1;
    if (seq < oldest - 1) return null;
    return this.window.filter((sent) => sent.seq > seq);
  }

  private onBus(message: BusMessage) {
    if (message.type === "resync") {
      // Changes were missed: the replay window cannot be trusted, so it starts again.
      this.epoch = randomBytes(6).toString("base64url");
      this.window = [];
      this.publish("resync", {});
      return;
    }
    const change = message.change;
    switch (change.kind) {
      case "listings":
        return this.publish("listings", { ids: change.many ? [] : (change.ids ?? []), ...(change.many && { many: true }), ...(change.deleted && { deleted: true }) });
      case "notes":
        if (change.many || !change.ids) return this.publish("notes", { many: true });
        for (const listingId of change.ids) this.publish("notes", { listingId });
        return;
      case "prospects":
        // A listing's pipeline moved: its board, its timeline and the Leads page read again.
        if (change.many || !change.ids) return this.publish("prospects", { many: true });
        for (const listingId of change.ids) this.publish("prospects", { listingId });
        return;
      case "campaigns":
        return this.campaignsChanged();
      case "agents":
        return this.publish("agents", {});
      case "brand":
        return this.publish("brand", {});
      case "notifications":
      case "settings":
        return this.publishToUsers(change.kind, change);
      case "users":
        return this.recheck((stream) => change.many === true || (change.ids ?? []).includes(stream.userId));
      case "sessions":
        return this.recheck((stream) => change.many === true || (change.ids ?? []).includes(stream.sid));
    }
  }

  /**
   * Every member may see every campaign, so every stream hears "campaigns" (no ids: the pages
   * read their list or their one campaign again): at once when none went out within the gap, so
   * a pause shows straight away, otherwise once at the gap's end for all that came meanwhile.
   */
  private campaignsChanged() {
    if (this.campaignsDue) return;
    const wait = this.campaignsSentAt + CAMPAIGN_EVENT_GAP_MS - Date.now();
    const send = () => {
      this.campaignsDue = undefined;
      this.campaignsSentAt = Date.now();
      this.publish("campaigns", {});
    };
    if (wait <= 0) return send();
    this.campaignsDue = setTimeout(send, wait);
    this.campaignsDue.unref();
  }

  /**
   * An import's commit moved on (a few times a second at most): only the person committing hears
   * it, whose screen shows the bar; they read the import again through its own route.
   */
  private onProgress({ key, userId }: Progress) {
    if (userId === undefined || !key.startsWith(IMPORT_PROGRESS_KEY)) return;
    this.publish("imports", { id: key.slice(IMPORT_PROGRESS_KEY.length) }, userId);
  }

  /** Only the named users hear it; a change that names nobody ("many") tells everyone to look at their own. */
  private publishToUsers(event: EventName, change: Change) {
    if (change.many || !change.ids) return this.publish(event, {});
    for (const id of change.ids) if (typeof id === "number") this.publish(event, {}, id);
  }

  private publish(event: EventName, data: object, userId?: number) {
    const seq = this.nextSeq();
    const sent: Sent = { seq, at: Date.now(), userId, text: this.format(seq, event, data) };
    this.window.push(sent);
    if (this.window.length > REPLAY_EVENTS) this.window.shift();
    for (const stream of this.streams) if (userId === undefined || stream.userId === userId) this.send(stream, sent.text);
  }

  private nextSeq() {
    this.seq += 1;
    return this.seq;
  }

  private format(seq: number, event: EventName, data: object) {
    return `id: ${this.epoch}-${seq}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
  }

  private send(stream: Stream, text: string) {
    // A client that stopped reading would make us buffer without bound: drop it instead.
    if (stream.sink.writableLength + text.length > this.maxBuffered) {
      this.options.logger?.info({ userId: stream.userId }, "event stream: dropping a client that stopped reading");
      this.remove(stream);
      stream.sink.destroy();
      return;
    }
    stream.sink.write(text);
  }

  private trim() {
    const cutoff = Date.now() - REPLAY_MS;
    while (this.window.length > 0 && this.window[0].at < cutoff) this.window.shift();
  }

  private beat() {
    this.trim();
    for (const stream of this.streams) this.send(stream, ": heartbeat\n\n");
    // Sessions also end by time alone (idle or absolute limit), which no write announces.
    this.recheck(() => true);
  }

  /** Ends the streams whose session no longer stands (logout, deactivation, role or password change, expiry). */
  private recheck(affected: (stream: Stream) => boolean) {
    for (const stream of this.streams) {
      if (!affected(stream)) continue;
      this.options.checkSession(stream.sid).then(
        (userId) => {
          if (userId === stream.userId) return;
          this.remove(stream);
          stream.sink.end();
        },
        (err) => this.options.logger?.warn({ err }, "event stream: checking a session failed"),
      );
    }
  }
}
