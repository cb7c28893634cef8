// How long an idle kept-alive connection stays open. Node closes one after 5 s by default; a proxy
// or load balancer in front keeps its own open longer (60 s is common), and when this side closes
// first, a request the other side sends on the connection at that moment is lost: a 502 from the
// proxy, ECONNRESET to a plain HTTP client (one journey's API call met it). Browsers send such a
// request again themselves; proxies and scripts do not.
import type { Server } from "node:http";

/** Longer than the 60 s idle timeout proxies and load balancers commonly use. */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

export function keepConnectionsAlive(server: Server, timeoutMs = KEEP_ALIVE_TIMEOUT_MS): void {
  server.keepAliveTimeout = timeoutMs;
  // The time to receive a request's headers must outlast the idle wait, or a request arriving
  // late on a kept connection is cut off (Node's own advice).
  server.headersTimeout = Math.max(server.headersTimeout, timeoutMs + 1_000);
}
