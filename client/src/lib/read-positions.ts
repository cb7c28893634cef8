// The page's half of "no change between the first reads and the stream is lost": each API read
// says where the server's event stream stood when it began (READ_POSITION_HEADER); the page's
// first stream starts from the earliest of them, and the server replays what came after, or says
// resync. Kept in the first page's code: the api client notes every read here.
import { parsePosition, READ_POSITION_HEADER } from "@shared/live-position";

type Position = NonNullable<ReturnType<typeof parsePosition>>;
/** Reads answered by servers with different windows cannot be replayed from one point. */
type Earliest = Position | "mixed" | null;

/** An id no server's window has: the stream starts with a resync. */
export const UNKNOWN_START = "mixed-0";

let earliest: Earliest = null;
/** Counts the stream's starts: a read sent in an earlier round and answered after it is late. */
let round = 0;
let started: Earliest = null;
let onLate: (() => void) | undefined;

const earlier = (a: Earliest, b: Position): Earliest => {
  if (a === null) return b;
  if (a === "mixed" || a.window !== b.window) return "mixed";
  return b.seq < a.seq ? b : a;
};

/** Taken by the api client as a read is sent; handed back with its reply to `noteRead`. */
export const readRound = () => round;

/**
 * Notes a read's reply. Before the stream starts it may move the start earlier. After, a read
 * sent before the start that began earlier than it (or on another server) may show what a
 * change since then altered without anyone telling the page: `onLate` reads the screen again.
 */
export function noteRead(headers: Headers, sentInRound: number): void {
  const at = parsePosition(headers.get(READ_POSITION_HEADER));
  if (!at) return;
  if (sentInRound === round) {
    earliest = earlier(earliest, at);
    return;
  }
  if (started === null || earlier(started, at) !== started) onLate?.();
}

/**
 * Where the stream starts (its first lastEventId): the earliest read's position, UNKNOWN_START
 * when reads came from several servers, undefined when no read said (start from now). `late` is
 * called for each late read until `forgetReads`.
 */
export function takeStart(late: () => void): string | undefined {
  started = earliest;
  earliest = null;
  round += 1;
  onLate = late;
  if (started === null) return undefined;
  return started === "mixed" ? UNKNOWN_START : `${started.window}-${started.seq}`;
}

/** The stream closed (sign-out): the next one starts from the reads made after this. */
export function forgetReads(): void {
  earliest = null;
  started = null;
  onLate = undefined;
  round += 1;
}
