// The one place the SPA talks HTTP. Errors follow spec §8: the message is
// "<status>: <body text or status text>", and errorMessage() turns that into words for people.

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** A non-OK response. `message` keeps the spec's format; `status` lets callers branch without parsing it. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    statusText: string,
  ) {
    super(`${status}: ${body || statusText}`);
    this.name = "ApiError";
  }
}

async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = await res.text().catch(() => "");
  throw new ApiError(res.status, text, res.statusText);
}

/**
 * Sends a request with the session cookie. A body is sent as JSON only when one is given, so
 * bodiless calls carry no Content-Type. Resolves with the response; rejects with ApiError.
 */
export async function apiRequest(method: HttpMethod, url: string, body?: unknown): Promise<Response> {
  const hasBody = body !== undefined;
  const res = await fetch(url, {
    method,
    credentials: "include",
    headers: hasBody ? { "Content-Type": "application/json" } : undefined,
    body: hasBody ? JSON.stringify(body) : undefined,
  });
  await throwIfNotOk(res);
  return res;
}

/** apiRequest, then the parsed JSON reply (undefined for 204 No Content). */
export async function apiJson<T>(method: HttpMethod, url: string, body?: unknown): Promise<T> {
  const res = await apiRequest(method, url, body);
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
    const text = error.body.trim();
    if (!text) return error.message;
    try {
      const parsed = JSON.parse(text) as unknown;
      if (parsed && typeof parsed === "object" && typeof (parsed as { message?: unknown }).message === "string") {
        return (parsed as { message: string }).message;
      }
    } catch {
      // Not JSON (a proxy's HTML page, plain text): fall through.
    }
    // An HTML error page from a proxy says nothing useful to a person.
    return text.startsWith("<") ? `${fallback} (${error.status})` : text;
  }
  // fetch rejects with a TypeError when the network is down or the server is unreachable.
  if (error instanceof TypeError) return NETWORK_MESSAGE;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

export const isUnauthorized = (error: unknown) => error instanceof ApiError && error.status === 401;
