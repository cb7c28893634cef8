// Who may create the first admin (decision 110). On a fresh instance anyone who can reach it
// could otherwise claim it, so a request from another machine must bring a setup code that only
// the operator sees: the server prints it at start, inside a ready link, as Jupyter and Grafana
// do. It is derived from the session secret, so every app server on one database prints and
// accepts the same code, and it stops mattering once the first admin exists.
import { createHmac, timingSafeEqual } from "node:crypto";
import os from "node:os";
import type { Request } from "express";

export function setupCodeFor(sessionSecret: string): string {
  return createHmac("sha256", sessionSecret).update("first-admin-setup/v1").digest("base64url").slice(0, 24);
}

export function isSetupCode(expected: string, given: unknown): boolean {
  if (typeof given !== "string") return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;
const FORWARDING_HEADERS = ["x-forwarded-for", "forwarded", "x-real-ip"];

/**
 * True for a direct connection from this machine. A request that came through a proxy is never
 * counted as local, whatever TRUST_PROXY says: the person behind the proxy is elsewhere, and
 * with TRUST_PROXY=true the address they claim could be made up.
 */
export function isFromThisMachine(req: Request): boolean {
  if (FORWARDING_HEADERS.some((h) => req.headers[h] !== undefined)) return false;
  return LOOPBACK.test(req.socket.remoteAddress ?? "");
}

/** The link the server prints at start: the code in the query, ready to open from any machine. */
export function setupLink(host: string, port: number, code: string): string {
  const name = host === "0.0.0.0" || host === "::" ? os.hostname() : host.includes(":") ? `[${host}]` : host;
  return `http://${name}:${port}/auth?setup=true&code=${encodeURIComponent(code)}`;
}
