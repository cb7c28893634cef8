import { Router } from "express";
import { currentUser, requireUser } from "../../http/guards.js";
import { HttpError } from "../../http/http-error.js";
import { STREAMS_FULL_RETRY_AFTER_S, type EventHub } from "./service.js";

export const LIVE_EVENTS_PATH = "/api/events";
/** A restart takes seconds: what a stream refused while the server stops tells the client to wait. */
const RESTARTING_RETRY_AFTER_S = 2;

export function eventsRoutes(hub: EventHub): Router {
  const router = Router();

  router.get(LIVE_EVENTS_PATH, requireUser, (req, res) => {
    // Only EventSource asks for a stream; anything else would hang on a reply that never ends.
    if (!(req.get("Accept") ?? "").includes("text/event-stream")) {
      throw new HttpError(406, "This is an event stream: open it with EventSource");
    }
    // The server is stopping (server/http/graceful-close.ts): the page retries, reaching
    // whichever server is up by then.
    if (hub.isClosed) {
      throw new HttpError(503, "The server is restarting; live updates will resume in a moment", undefined, undefined, {
        "Retry-After": String(RESTARTING_RETRY_AFTER_S),
      });
    }
    const user = currentUser(req);
    // Past the process's cap a stream would take a descriptor that sign-in and the database need;
    // the page's other requests still work meanwhile.
    if (!hub.admits(user.id, req.sessionID)) {
      throw new HttpError(503, "Too many live connections on this server right now; live updates will resume shortly", undefined, undefined, {
        "Retry-After": String(STREAMS_FULL_RETRY_AFTER_S),
      });
    }
    res.writeHead(200, {
      "Content-Type": "text/event-stream; charset=utf-8",
      // no-transform keeps the compression middleware from buffering events.
      "Cache-Control": "no-cache, no-transform",
      Connection: "keep-alive",
      "X-Accel-Buffering": "no",
    });
    res.flushHeaders();
    req.socket.setNoDelay(true);
    const lastEventId = req.get("Last-Event-ID") ?? (typeof req.query.lastEventId === "string" ? req.query.lastEventId : undefined);
    const close = hub.open(res, user.id, req.sessionID, lastEventId);
    res.on("close", close);
  });

  return router;
}
