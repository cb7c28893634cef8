// Which Host names this server answers to (decision 225). A page on a name its owner controls
// can point that name at 127.0.0.1 (DNS rebinding) and then talk to this server as its own
// origin; the browser still writes that name in Host. So a request for a name that is not ours
// is refused before anything else, with a plain 400, as Vite and webpack's dev servers do.
// Always ours: localhost (and *.localhost), every IP address (an address cannot be rebound: a
// page at http://203.0.113.9 is served by 203.0.113.9), this machine's name and PUBLIC_URL's
// host; ALLOWED_HOSTS adds names (".example.com": it and its subdomains; "*": any name).
import type { IncomingMessage, ServerResponse } from "node:http";
import { isIP } from "node:net";
import os from "node:os";
import type { Express } from "express";
import type { Logger } from "../logger.js";
import type { EarlyAnswer } from "./early-revalidation.js";

export const INVALID_HOST = "Invalid Host header";

const NAME = /^[a-z0-9_-]+(\.[a-z0-9_-]+)*$/;

/** A Host header's name: no port, no IPv6 brackets, lowercase, no trailing dot. */
export function hostnameOf(host: string): string {
  const value = host.trim().toLowerCase();
  const bracketed = /^\[([^\]]*)\](:\d*)?$/.exec(value);
  if (bracketed) return bracketed[1];
  // One colon separates a port; more are a bare IPv6 address.
  const name = value.split(":").length === 2 ? value.slice(0, value.indexOf(":")) : value;
  return name.endsWith(".") ? name.slice(0, -1) : name;
}

/** localhost, *.localhost, 127.0.0.0/8 and ::1: names that reach this machine and nothing else. */
export function isLoopbackName(name: string): boolean {
  return (
    name === "localhost" ||
    name.endsWith(".localhost") ||
    (isIP(name) === 4 && name.startsWith("127.")) ||
    name === "::1" ||
    name === "::ffff:127.0.0.1"
  );
}

function entryOf(raw: string): string {
  const value = raw.trim().toLowerCase();
  return /^\[.*\]$/.test(value) ? value.slice(1, -1) : value;
}

/** ALLOWED_HOSTS's rule, checked once at start (server/env.ts). */
export function allowedHostsProblem(value: string): string | null {
  for (const raw of value.split(",")) {
    const entry = entryOf(raw);
    if (!entry || entry === "*" || isIP(entry)) continue;
    const name = entry.startsWith(".") ? entry.slice(1) : entry;
    if (!NAME.test(name)) {
      return `"${raw.trim()}" is not a host name: list names like app.example.com or .example.com (it and its subdomains), without a scheme or port, separated by commas`;
    }
  }
  return null;
}

/** ALLOWED_HOSTS as the list of its entries (checked by allowedHostsProblem first). */
export function parseAllowedHosts(value: string | undefined): string[] {
  return (value ?? "").split(",").map(entryOf).filter(Boolean);
}

/** This machine's own names: its host name, and the .local name mDNS gives it. */
function machineNames(): string[] {
  const name = os.hostname().toLowerCase();
  return name.includes(".") ? [name] : [name, `${name}.local`];
}

/** Whether a Host header names this server. */
export function allowedHosts(opts: { listed: readonly string[]; publicUrl?: string }): (host: string) => boolean {
  const listed = [...opts.listed];
  if (listed.includes("*")) return () => true;
  const names = new Set([...machineNames(), ...listed.filter((e) => !e.startsWith("."))]);
  if (opts.publicUrl) names.add(hostnameOf(new URL(opts.publicUrl).host));
  const suffixes = listed.filter((e) => e.startsWith("."));
  return (host) => {
    const name = hostnameOf(host);
    if (names.has(name) || isIP(name) || isLoopbackName(name)) return true;
    return suffixes.some((suffix) => name === suffix.slice(1) || name.endsWith(suffix));
  };
}

/**
 * Refuses, before anything else, a request whose Host (or X-Forwarded-Host from a trusted
 * proxy, which Express then takes as the host) is not allowed. A request without Host (HTTP/1.0)
 * passes: every browser sends one. Each refused name is logged once, with what to set.
 */
export function refuseOtherHosts(app: Express, isAllowed: (host: string) => boolean, logger: Logger): EarlyAnswer {
  const logged = new Set<string>();
  const trusted = (req: IncomingMessage) =>
    (app.get("trust proxy fn") as (address: string, hop: number) => boolean)(req.socket.remoteAddress ?? "", 0);
  const hostsOf = (req: IncomingMessage): string[] => {
    const hosts = req.headers.host ? [req.headers.host] : [];
    const forwarded = req.headers["x-forwarded-host"];
    if (typeof forwarded === "string" && forwarded && trusted(req)) hosts.push(forwarded.split(",")[0].trim());
    return hosts;
  };
  return (req: IncomingMessage, res: ServerResponse) => {
    const refused = hostsOf(req).find((host) => !isAllowed(host));
    if (refused === undefined) return false;
    const name = hostnameOf(refused);
    if (!logged.has(name) && logged.size < 100) {
      logged.add(name);
      logger.warn({ host: name }, `Refused a request for host ${name}: if this server should answer to it, add it to ALLOWED_HOSTS or set PUBLIC_URL`);
    }
    res.writeHead(400, { "Content-Type": "text/plain; charset=utf-8", "X-Content-Type-Options": "nosniff" });
    res.end(INVALID_HOST);
    return true;
  };
}
