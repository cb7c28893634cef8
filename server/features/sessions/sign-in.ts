// Starts a session for a user on this request: sign-in, registration, setup, and the session
// that a password change or reset re-issues with the user's new epoch.
import type { Request } from "express";
import type { PublicUser } from "../../../shared/schema.js";
import { sessionMetaOf } from "./session-meta.js";

export interface SessionOwner extends PublicUser {
  /** users.session_epoch now: the session is good until the epoch moves on. */
  sessionEpoch: number;
}

// req.login rotates the session id (passport >= 0.6), so a pre-login id is useless afterwards.
export async function startSession(req: Request, user: SessionOwner): Promise<void> {
  await new Promise<void>((resolve, reject) => req.login(user, (err) => (err ? reject(err) : resolve())));
  req.session.meta = sessionMetaOf(req);
}
