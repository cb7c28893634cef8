// Stopping the HTTP server at shutdown (SIGTERM, a restart, a deploy). Node's server.close()
// stops taking new connections and closes the idle ones, but a connection busy at that moment
// (an event stream, a download) stays open once its response ends: the browser sends its next
// request on it, this process answers, and close() waits for that connection until its
// keep-alive timeout (65 s), long past the forced exit, which then skips closing the database.
// An event stream's reconnect did exactly that to every restart with a page open.
import type { Server } from "node:http";

/** How often connections busy at close are looked at again: each is closed once its response ends. */
const SWEEP_MS = 100;

/** Stops the server taking requests; resolves once every connection has ended. */
export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    // What still arrives on a connection kept open is answered, and the connection then closes,
    // so the next request opens a new one, to whichever server is up.
    server.prependListener("request", (_req, res) => res.setHeader("Connection", "close"));
    const sweep = setInterval(() => server.closeIdleConnections(), SWEEP_MS);
    server.close(() => {
      clearInterval(sweep);
      resolve();
    });
  });
}
