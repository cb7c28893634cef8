// A Server-Sent Events reader for tests: opens GET /api/events as EventSource would, parses the
// events, and lets a test wait for one (or for the stream to end) without sleeping.
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface StreamEvent {
  id?: string;
  event: string;
  data: unknown;
}

export interface TestStream {
  status: number;
  events: StreamEvent[];
  /** Resolves with the first event (already received or still to come) that matches. */
  next(match: (e: StreamEvent) => boolean, timeoutMs?: number): Promise<StreamEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  lastEventId(): string | undefined;
  close(): void;
}

/** `agent` chooses the connection pool (one with a single kept-alive connection reconnects over it, as a browser may). */
export function openStream(baseUrl: string, cookie: string, opts: { lastEventId?: string; agent?: http.Agent } = {}): Promise<TestStream> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${baseUrl}/api/events`, {
      agent: opts.agent,
      headers: { accept: "text/event-stream", cookie, ...(opts.lastEventId && { "last-event-id": opts.lastEventId }) },
    });
    req.on("error", reject);
    req.on("response", (res) => {
      const events: StreamEvent[] = [];
      const waiters = new Set<() => void>();
      let buffer = "";
      let endedResolve!: () => void;
      const ended = new Promise<void>((r) => (endedResolve = r));
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        buffer += chunk;
        let cut: number;
        while ((cut = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const fields = Object.fromEntries(
            block
              .split("\n")
              .filter((line) => line && !line.startsWith(":"))
              .map((line) => [line.slice(0, line.indexOf(":")), line.slice(line.indexOf(":") + 1).trim()]),
          );
          if (!fields.event) continue;
          events.push({ id: fields.id, event: fields.event, data: JSON.parse(fields.data ?? "null") });
          for (const wake of waiters) wake();
        }
      });
      const finish = () => {
        endedResolve();
        for (const wake of waiters) wake();
      };
      res.on("end", finish);
      res.on("close", finish);
      let done = false;
      res.on("close", () => (done = true));
      resolve({
        status: res.statusCode ?? 0,
        events,
        ended,
        lastEventId: () => events.findLast((e) => e.id)?.id,
        close: () => req.destroy(),
        next: (match, timeoutMs = 5_000) =>
          new Promise((ok, fail) => {
            const check = () => {
              const found = events.find(match);
              if (found) {
                cleanup();
                ok(found);
              } else if (done) {
                cleanup();
                fail(new Error(`stream ended without the event; got ${JSON.stringify(events)}`));
              }
            };
            const timer = setTimeout(() => {
              cleanup();
              fail(new Error(`no such event within ${timeoutMs} ms; got ${JSON.stringify(events)}`));
            }, timeoutMs);
            const cleanup = () => {
              clearTimeout(timer);
              waiters.delete(check);
            };
            waiters.add(check);
            check();
          }),
      });
    });
  });
}

/** The app listening on a free loopback port, as a browser's stream needs a real socket: its base URL, and how to stop it. */
export async function listenOnLoopback(app: http.RequestListener): Promise<{ base: string; close(): Promise<void> }> {
  const server = http.createServer(app).listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
