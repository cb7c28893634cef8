// A public page, or its preview image, answered from memory before Express's router and
// middleware, as the unchanged lists' 304 is:
// when the page is in memory under the current versions (and its preview image,
// for og.jpg), the request gets Express's request and response methods, as app.handle gives
// them, and the route's own reply functions answer it with the headers helmet would have added.
// The view is counted as the route counts it. Anything else (another spelling, a query, HEAD,
// an unknown or taken-down token, a page not in memory) goes on to the routes, which answer the same.
import type { Express } from "express";
import { asExpress, type EarlyAnswer } from "../../http/early-revalidation.js";
import { TOKEN_PATTERN } from "./publication.js";
import { replyWithPage, replyWithPreview } from "./routes.js";
import type { PublicPageService } from "./service.js";

// The page at /l/<token> with no query, and its og.jpg with at most the page's ?v= (its version).
const PAGE_PATH = new RegExp(`^/l/(${TOKEN_PATTERN.source.slice(1, -1)})(?:(/og\\.jpg)(?:\\?v=[A-Za-z0-9_-]{1,32})?)?$`);

export interface EarlyPage {
  app: Express;
  pages: PublicPageService;
  /** The headers the normal path adds to every reply (the security headers), computed once. */
  headers: Readonly<Record<string, string>>;
}

export function earlyPublicPage({ app, pages, headers }: EarlyPage): EarlyAnswer {
  const fixed = Object.entries(headers);
  return (req, res) => {
    if (req.method !== "GET") return false;
    const match = PAGE_PATH.exec(req.url ?? "");
    if (!match) return false;
    const page = pages.remembered(match[1]);
    if (page === undefined || typeof page === "string") return false;
    const preview = match[2] ? pages.rememberedPreview(page) : undefined;
    if (match[2] && !preview) return false;
    const { request, response } = asExpress(app, req, res);
    for (const [name, value] of fixed) response.setHeader(name, value);
    if (preview) {
      replyWithPreview(response, page, preview);
    } else {
      pages.count(request, page, "view");
      replyWithPage(pages, request, response, page);
    }
    return true;
  };
}
