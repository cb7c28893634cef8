// A feed page answered from memory before Express's router and middleware, as the public pages
// are: when the key and the page are both in memory under the current versions, the route's own
// reply answers with the headers helmet would have added. Anything else (an unknown key, a page
// not built yet, a bad query, HEAD) goes on to the route, which answers the same.
import type { Express } from "express";
import { FEED_PATH } from "../../../shared/feed.js";
import { asExpress, type EarlyAnswer } from "../../http/early-revalidation.js";
import { feedKeyOf, refuseFeedRequest, replyWithFeed } from "./routes.js";
import { feedQuery, type FeedService } from "./service.js";

export interface EarlyFeed {
  app: Express;
  feeds: FeedService;
  /** The headers the normal path adds to every reply (the security headers), computed once. */
  headers: Readonly<Record<string, string>>;
}

export function earlyFeed({ app, feeds, headers }: EarlyFeed): EarlyAnswer {
  const fixed = Object.entries(headers);
  return (req, res) => {
    if (req.method !== "GET" || !req.url?.startsWith(FEED_PATH)) return false;
    const url = new URL(req.url, "http://feed.invalid");
    if (url.pathname !== FEED_PATH) return false;
    const query = Object.fromEntries(url.searchParams);
    // A repeated parameter reads differently in Express's query: the route decides.
    if (Object.keys(query).length !== url.searchParams.size) return false;
    const { key, inQuery } = feedKeyOf(req.headers.authorization, query.key);
    const id = key === null ? undefined : feeds.rememberedKey(key);
    if (id === undefined || id === null) return false;
    let page;
    try {
      page = feeds.rememberedPage(feedQuery(query, inQuery ? key : null));
    } catch {
      return false;
    }
    if (!page) return false;
    const { request, response } = asExpress(app, req, res);
    for (const [name, value] of fixed) response.setHeader(name, value);
    if (!feeds.allow(id)) refuseFeedRequest(response, 429);
    else replyWithFeed(request, response, page.body, page.etag);
    return true;
  };
}
