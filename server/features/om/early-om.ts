// An unchanged OM answered before Express, as the flyer is (docs/decisions/310-cached-flyer-before-express.md):
// when who asks is known from memory and the OM was checked under the current freshness token
// today and is still in memory, its bytes (or a 304) go out with the route's own headers.
// Anything else, or any doubt, goes on to the route, which would answer the same.
import type { PublicUser } from "../../../shared/schema.js";
import type { EarlyAnswer } from "../../http/early-revalidation.js";
import { omHeaders } from "./om-reply.js";
import type { OmService } from "./service.js";

// The route's path with a lower-case listing id and no query; any other spelling takes the route.
const OM_PATH = /^\/api\/listings\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/om\.pdf$/;

export interface EarlyOm {
  oms: OmService;
  /** The signed-in user, from a signed cookie and the in-memory session cache; null on any doubt. */
  whoIs(cookieHeader: string | undefined): PublicUser | null;
  /** The headers the normal path adds to every reply (the security headers), computed once. */
  headers: Readonly<Record<string, string>>;
}

export function earlyOm({ oms, whoIs, headers }: EarlyOm): EarlyAnswer {
  return (req, res) => {
    if (req.method !== "GET") return false;
    const match = OM_PATH.exec(req.url ?? "");
    if (!match) return false;
    const user = whoIs(req.headers.cookie);
    if (!user) return false;
    const om = oms.remembered(match[1], req.headers["if-none-match"], user.id);
    if (!om) return false;
    // The route's headers over helmet's, as its setHeader calls would replace them.
    res.writeHead(om.pdf ? 200 : 304, { ...headers, ...omHeaders(om) });
    res.end(om.pdf ?? undefined);
    return true;
  };
}
