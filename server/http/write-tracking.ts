// Marks each state-changing request as a write in flight on this server until its changes have
// been heard back from the database (server/events/local-writes.ts), so the
// writer's next read is never answered from memory older than the write.
import type { RequestHandler } from "express";
import type { LocalWrites } from "../events/local-writes.js";
import { SAFE_METHODS } from "./same-origin.js";

export function writeTracking(writes: LocalWrites): RequestHandler {
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    // Begun before the handler touches the database; ended once the reply is out (or abandoned).
    res.once("close", writes.begin(req.user?.id));
    next();
  };
}
