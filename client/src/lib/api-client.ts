// The one place the SPA talks HTTP. Errors follow spec §8: the message is
// "<status>: <body text or status text>", and errorMessage() turns that into words for people.

import type { EditConflict } from "@shared/edit-conflicts";
import type { Wire } from "@shared/wire";
import { noteRead, readRound } from "./read-positions";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** A 412's body; `current` is typed by whoever reads it. */
export type WireConflict<T = unknown> = Wire<EditConflict<T>>;

/** What the server's error body may hold (server/http/error-middleware.ts): a sentence, per-field sentences. */
interface ErrorBody {
  message?: unknown;
  errors?: unknown;
}

function parseBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    // Not JSON (a proxy's HTML page, plain text).
    return undefined;
  }
}

function stringEntries(value: unknown): Record<string, string> | null {
  if (!value || typeof value !== "object") return null;
  const entries = Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === "string");
  return entries.length > 0 ? Object.fromEntries(entries) : null;
}

/**
 * A non-OK response, its body parsed once, here: forms, toasts and the uploader read these
 * fields instead of parsing the body again. `message` keeps the spec's format (§8).
 */
export class ApiError extends Error {
  /** The body parsed as JSON, or undefined when it is not JSON. */
  readonly data: unknown;
  /** The server's own sentence ({"message"}), or null. */
  readonly serverMessage: string | null;
  /** Per-field sentences of a 400 ({"errors": {field: message}}), or null. */
  readonly fieldErrors: Record<string, string> | null;
  /** A 412's account of the row as it is now, or null (see editConflictOf). */
  readonly conflict: WireConflict | null;
  /** A 401 to a request that a change of this tab's own session overlapped: not a session ended. */
  crossedSessionChange = false;

  constructor(
    readonly status: number,
    readonly body: string,
    statusText: string,
  ) {
    super(`${status}: ${body || statusText}`);
    this.name = "ApiError";
    this.data = body.trim() ? parseBody(body) : undefined;
    const parsed = (this.data && typeof this.data === "object" ? this.data : {}) as ErrorBody;
    this.serverMessage = typeof parsed.message === "string" ? parsed.message : null;
    this.fieldErrors = status === 400 ? stringEntries(parsed.errors) : null;
    this.conflict = status === 412 && isConflict(this.data) ? this.data : null;
  }
}

function isConflict(data: unknown): data is WireConflict {
  const d = data as Partial<WireConflict> | undefined;
  return Boolean(d && typeof d.current === "object" && d.current !== null && typeof d.changedAt === "string");
}

/** The 412 conflict an error carries, with `current` as the caller's row type; null for any other error. */
export const editConflictOf = <T>(error: unknown): WireConflict<T> | null =>
  error instanceof ApiError ? (error.conflict as WireConflict<T> | null) : null;

// A change of this tab's own session: a password change ends every session of its person and
// starts this one afresh, under a new cookie. A request sent meanwhile carries the old cookie and
// may be answered 401, which then says nothing about the session this tab has now.
let sessionChanges = 0;
let sessionTurn = 0;
let sessionSettled: Promise<unknown> = Promise.resolve();

/** Runs `work`, a request that replaces this tab's session (its cookie), marked as such. */
export function changingOwnSession<T>(work: () => Promise<T>): Promise<T> {
  sessionChanges += 1;
  const done = work().finally(() => {
    sessionChanges -= 1;
    sessionTurn += 1;
  });
  sessionSettled = Promise.allSettled([sessionSettled, done]);
  return done;
}

/** Resolves once every change of this tab's session begun so far has ended. */
export const whenSessionSettled = () => sessionSettled;

/** Taken as a request is sent: later, whether a change of this tab's session overlapped it. */
export function sessionStamp(): () => boolean {
  const turn = sessionTurn;
  const during = sessionChanges > 0;
  return () => during || sessionChanges > 0 || sessionTurn !== turn;
}

/**
 * Rejects with ApiError when the response is not OK (every fetch of the app goes through this).
 * `stamp`, taken as the request was sent, marks a 401 that a change of this tab's session overlapped.
 */
export async function throwIfNotOk(res: Response, stamp?: () => boolean): Promise<void> {
  if (res.ok) return;
  const text = await res.text().catch(() => "");
  const error = new ApiError(res.status, text, res.statusText);
  error.crossedSessionChange = res.status === 401 && stamp !== undefined && stamp();
  throw error;
}

/**
 * Sends a request with the session cookie. A body is sent as JSON only when one is given, so
 * bodiless calls carry no Content-Type. `headers` adds others (If-Match for an edit). Resolves
 * with the response; rejects with ApiError.
 */
export async function apiRequest(method: HttpMethod, url: string, body?: unknown, headers?: Record<string, string>): Promise<Response> {
  const hasBody = body !== undefined;
  const stamp = sessionStamp();
  const sent = readRound();
  const res = await fetch(url, {
    method,
    credentials: "include",
    headers: { ...(hasBody && { "Content-Type": "application/json" }), ...headers },
    body: hasBody ? JSON.stringify(body) : undefined,
  });
  if (method === "GET") noteRead(res.headers, sent);
  await throwIfNotOk(res, stamp);
  return res;
}

/** apiRequest, then the parsed JSON reply (undefined for 204 No Content). */
export async function apiJson<T>(method: HttpMethod, url: string, body?: unknown, headers?: Record<string, string>): Promise<T> {
  const res = await apiRequest(method, url, body, headers);
  if (res.status === 204) return undefined as T;
  return (await res.json()) as T;
}

const NETWORK_MESSAGE = "Could not reach the server. Check your connection and try again.";

/**
 * The sentence to show a person for an error: the server's {"message"} when there is one, the
 * plain body text otherwise, never raw JSON or a stack.
 */
export function errorMessage(error: unknown, fallback = "Something went wrong. Please try again."): string {
  if (error instanceof ApiError) {
    if (error.serverMessage !== null) return error.serverMessage;
    const text = error.body.trim();
    if (!text) return error.message;
    // An HTML error page from a proxy says nothing useful to a person.
    return text.startsWith("<") ? `${fallback} (${error.status})` : text;
  }
  // fetch rejects with a TypeError when the network is down or the server is unreachable.
  if (error instanceof TypeError) return NETWORK_MESSAGE;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

export const isUnauthorized = (error: unknown) => error instanceof ApiError && error.status === 401;
