// Fetches a link a user gave us without letting it reach anything but the public internet:
// http(s) only, every address checked at connection time (the resolver's answer is the address
// connected to, so DNS cannot change between check and use), redirects followed by hand and
// checked the same way, and caps on time and size. 
import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import net, { type LookupFunction } from "node:net";
import { isBlockedAddress } from "./address-policy.js";

export type SafeFetchErrorCode =
  | "NOT_ALLOWED"
  | "UNREACHABLE"
  | "TIMEOUT"
  | "TOO_LARGE"
  | "HTTP_STATUS"
  | "TOO_MANY_REDIRECTS";

export class SafeFetchError extends Error {
  constructor(
    readonly code: SafeFetchErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export type Resolver = (hostname: string) => Promise<{ address: string; family: number }[]>;

export interface SafeFetchOptions {
  /** Lifts the address rule (FLYER_ALLOW_PRIVATE_NETWORKS): for tests and intranets. */
  allowPrivateNetworks?: boolean;
  /** Name resolution; the system resolver unless a test injects one. */
  resolve?: Resolver;
  /** Which addresses are off limits; tests narrow it to reach their own local server. */
  isBlocked?: (address: string) => boolean;
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  accept?: string;
  /** Aborts the fetch early, e.g. when a larger job runs out of time. */
  signal?: AbortSignal;
}

export interface FetchedResource {
  /** The address finally answered, after redirects. */
  url: string;
  contentType: string;
  body: Buffer;
}

export const FETCH_DEFAULTS = { timeoutMs: 10_000, maxBytes: 10 * 1024 * 1024, maxRedirects: 5 };
const USER_AGENT = "ListingDesk/1.0 (flyer image fetcher)";
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

const systemResolver: Resolver = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });
const notAllowed = () => new SafeFetchError("NOT_ALLOWED", "That link is not allowed");

export async function safeFetch(link: string, options: SafeFetchOptions = {}): Promise<FetchedResource> {
  const { timeoutMs, maxBytes, maxRedirects } = { ...FETCH_DEFAULTS, ...options };
  const resolve = options.resolve ?? systemResolver;
  const isBlocked = options.allowPrivateNetworks ? () => false : (options.isBlocked ?? isBlockedAddress);
  const deadline = AbortSignal.any([AbortSignal.timeout(timeoutMs), ...(options.signal ? [options.signal] : [])]);

  const checkUrl = (url: URL) => {
    if (url.protocol !== "http:" && url.protocol !== "https:") throw notAllowed();
    // Credentials in a link would be sent along: no reason to fetch one that has them.
    if (url.username || url.password) throw notAllowed();
    // WHATWG parsing has already turned 2130706433, 0x7f000001, 0177.0.0.1 and 127.1 into
    // 127.0.0.1; IP literals never reach the resolver, so they are judged here.
    const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
    if (net.isIP(host) && isBlocked(host)) throw notAllowed();
  };

  const lookup: LookupFunction = (hostname, lookupOptions, callback) => {
    resolve(hostname).then(
      (found) => {
        const family = lookupOptions.family === "IPv4" ? 4 : lookupOptions.family === "IPv6" ? 6 : lookupOptions.family;
        const addresses = family ? found.filter((a) => a.family === family) : found;
        if (addresses.length === 0) {
          callback(Object.assign(new Error(`No address for ${hostname}`), { code: "ENOTFOUND" }), "", 4);
        } else if (addresses.some((a) => isBlocked(a.address))) {
          // One private answer is enough to refuse: a name with mixed answers is a rebinding trick.
          callback(notAllowed(), "", 4);
        } else if (lookupOptions.all) {
          (callback as unknown as (err: null, all: typeof addresses) => void)(null, addresses);
        } else {
          callback(null, addresses[0].address, addresses[0].family);
        }
      },
      (err: NodeJS.ErrnoException) => callback(err, "", 4),
    );
  };

  const get = (url: URL) =>
    new Promise<http.IncomingMessage>((resolveResponse, reject) => {
      const client = url.protocol === "https:" ? https : http;
      const req = client.request(url, {
        // No pooled sockets: every connection goes through the checks above.
        agent: false,
        lookup,
        signal: deadline,
        headers: { "User-Agent": USER_AGENT, Accept: options.accept ?? "*/*", "Accept-Encoding": "identity" },
      });
      req.once("response", resolveResponse);
      req.once("error", reject);
      // Belt and braces: whatever path led here, the peer actually connected to is checked too.
      req.once("socket", (socket) =>
        socket.once("connect", () => {
          if (socket.remoteAddress && isBlocked(socket.remoteAddress)) req.destroy(notAllowed());
        }),
      );
      req.end();
    });

  try {
    let url = new URL(link);
    for (let redirects = 0; ; redirects++) {
      checkUrl(url);
      const res = await get(url);
      const status = res.statusCode ?? 0;
      if (REDIRECTS.has(status) && res.headers.location) {
        res.destroy();
        if (redirects >= maxRedirects) throw new SafeFetchError("TOO_MANY_REDIRECTS", "That link redirects too many times");
        url = new URL(res.headers.location, url);
        continue;
      }
      if (status < 200 || status >= 300) {
        res.destroy();
        throw new SafeFetchError("HTTP_STATUS", `That link answered with an error (${status})`);
      }
      return { url: url.href, contentType: res.headers["content-type"] ?? "", body: await readCapped(res, maxBytes) };
    }
  } catch (err) {
    throw asSafeFetchError(err, deadline);
  }
}

async function readCapped(res: http.IncomingMessage, maxBytes: number): Promise<Buffer> {
  const tooLarge = () => new SafeFetchError("TOO_LARGE", "That file is too large");
  if (Number(res.headers["content-length"]) > maxBytes) {
    res.destroy();
    throw tooLarge();
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of res as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) {
      res.destroy();
      throw tooLarge();
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function asSafeFetchError(err: unknown, deadline: AbortSignal): SafeFetchError {
  if (err instanceof SafeFetchError) return err;
  if (deadline.aborted) return new SafeFetchError("TIMEOUT", "That link took too long to answer");
  if (err instanceof TypeError && (err as NodeJS.ErrnoException).code === "ERR_INVALID_URL") return notAllowed();
  return new SafeFetchError("UNREACHABLE", "That link could not be reached");
}
