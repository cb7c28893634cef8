// Every API read tells the page where the event stream stood when the read began: a page's first
// stream starts from its earliest read, and the hub replays what changed since (or says resync),
// so a change made between the page's reads and its stream's opening is not lost.
import type { EarlyAnswer } from "../../http/early-revalidation.js";
import { READ_POSITION_HEADER } from "../../../shared/live-position.js";
import { LIVE_EVENTS_PATH } from "./routes.js";

/**
 * Stamps the position on every GET under /api/ but the stream itself, before anything else runs:
 * the early 304s of unchanged lists carry it too. Only for a request with a genuine session
 * cookie: a stranger learns nothing of how busy the team is. Never answers.
 */
export function stampReadPosition(position: () => string, hasSession: (cookieHeader: string | undefined) => boolean): EarlyAnswer {
  return (req, res) => {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    const url = req.url ?? "";
    if (!url.startsWith("/api/") || url.startsWith(LIVE_EVENTS_PATH) || !hasSession(req.headers.cookie)) return false;
    res.setHeader(READ_POSITION_HEADER, position());
    return false;
  };
}
