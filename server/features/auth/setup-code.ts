// Who may create the first admin. On a fresh instance anyone who can reach it
// could otherwise claim it, so a request from another machine must bring a setup code that only
// the operator sees: the server prints it at start, inside a ready link, as Jupyter and Grafana
// do. It is derived from the session secret, so every app server on one database prints and
// accepts the same code, and it stops mattering once the first admin exists.
import { createHmac, timingSafeEqual } from "node:crypto";
import os from "node:os";
import type { Request } from "express";
import { hostnameOf, isLoopbackName } from "../../http/allowed-hosts.js";

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
const FORWARDING_HEADERS = ["x-forwarded-for", "x-forwarded-host", "x-forwarded-proto", "forwarded", "x-real-ip"];

/**
 * True for a direct connection from this machine to a loopback name (localhost, 127.0.0.1,
 * [::1]). A request that came through a proxy is never counted as local, whatever TRUST_PROXY
 * says: the person behind the proxy is elsewhere, and with TRUST_PROXY=true the address they
 * claim could be made up. Nor is one for any other name: a page on a name that
 * its owner pointed at 127.0.0.1 (DNS rebinding) connects from this machine too.
 */
export function isFromThisMachine(req: Request): boolean {
  if (FORWARDING_HEADERS.some((h) => req.headers[h] !== undefined)) return false;
  if (!isLoopbackName(hostnameOf(req.headers.host ?? ""))) return false;
  return LOOPBACK.test(req.socket.remoteAddress ?? "");
}

/**
 * The link the server prints at start: the code in the query, ready to open from any machine.
 * At PUBLIC_URL when it is set, otherwise at the address the server listens on.
 */
export function setupLink(listen: { host: string; port: number; publicUrl?: string }, code: string): string {
  const { host, port, publicUrl } = listen;
  const name = host === "0.0.0.0" || host === "::" ? os.hostname() : host.includes(":") ? `[${host}]` : host;
  return `${publicUrl ?? `http://${name}:${port}`}/auth?setup=true&code=${encodeURIComponent(code)}`;
}

/** The one plain line printed at start for the person who started the server (not a log line). */
export const setupAnnouncement = (link: string): string => `No admin yet: open ${link} to create the first admin.`;
