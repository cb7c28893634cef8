// An unchanged flyer answered before Express (docs/decisions/310-cached-flyer-before-express.md),
// as the unchanged lists' 304 is (decision 185): when who asks is known from memory and the
// flyer is in memory under the current versions, its bytes go out with the route's own headers.
// Anything else, or any doubt, goes on to the route, which would answer the same.
import type { PublicUser } from "../../../shared/schema.js";
import type { EarlyAnswer } from "../../http/early-revalidation.js";
import { flyerHeaders } from "./flyer-reply.js";
import { PAPERS, type FlyerService, type Paper } from "./service.js";

// The route's path with a lower-case listing id and at most `?paper=`; any other spelling takes the route.
const FLYER_PATH = /^\/api\/listings\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/flyer\.pdf(?:\?paper=(\w+))?$/;

export interface EarlyFlyer {
  flyers: FlyerService;
  /** The signed-in user, from a signed cookie and the in-memory session cache; null on any doubt. */
  whoIs(cookieHeader: string | undefined): PublicUser | null;
  /** The headers the normal path adds to every reply (the security headers), computed once. */
  headers: Readonly<Record<string, string>>;
}

export function earlyFlyer({ flyers, whoIs, headers }: EarlyFlyer): EarlyAnswer {
  return (req, res) => {
    if (req.method !== "GET") return false;
    const match = FLYER_PATH.exec(req.url ?? "");
    const paper = match?.[2] ?? "letter";
    if (!match || !Object.hasOwn(PAPERS, paper)) return false;
    const user = whoIs(req.headers.cookie);
    if (!user) return false;
    const flyer = flyers.remembered(match[1], paper as Paper, req.headers["if-none-match"], user.id);
    if (!flyer) return false;
    // The route's headers over helmet's, as its setHeader calls would replace them.
    res.writeHead(flyer.pdf ? 200 : 304, { ...headers, ...flyerHeaders(flyer) });
    res.end(flyer.pdf ?? undefined);
    return true;
  };
}
