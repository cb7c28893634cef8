import type { Request } from "express";

/** Where people reach the app, for links in replies and emails. req.protocol and req.host follow X-Forwarded-* only when TRUST_PROXY says to. */
export const publicOrigin = (req: Request) => `${req.protocol}://${req.host}`;
