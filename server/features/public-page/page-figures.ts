// A public page's figures (docs/decisions/282-public-page-figures.md): views by people, not by
// link-preview bots, crawlers or prefetches; distinct visitors per day as a hash of the address
// and browser salted with a key that changes daily (derived from the session secret, so every
// server agrees and nobody can reverse it); flyer downloads. Counted in memory and written in
// batches, so a flood of views is not a flood of writes.
import { createHash, createHmac } from "node:crypto";
import type { Request } from "express";
import type { Db } from "../../db/database.js";
import type { Logger } from "../../logger.js";
import { addPageDays, addPageVisitors } from "./data.js";

// Link-preview fetchers, crawlers, monitors and scripts name themselves in their User-Agent.
const NOT_A_PERSON =
  /bot\b|bot\/|crawl|spider|slurp|facebookexternalhit|facebookcatalog|embedly|whatsapp|telegram|skypeuripreview|discord|slack|vkshare|pinterest|headless|lighthouse|pingdom|uptime|monitor|preview|curl|wget|python|go-http|node-fetch|undici|axios|okhttp|java\/|libwww|scrapy|httpclient/i;

/** A person's view: a browser's GET that is no prefetch and no bot. */
export function isPersonViewing(req: Request): boolean {
  const agent = req.get("user-agent") ?? "";
  if (!/^Mozilla\//.test(agent) || NOT_A_PERSON.test(agent)) return false;
  const purpose = req.get("sec-purpose") ?? req.get("purpose") ?? "";
  return !/prefetch|prerender/i.test(purpose);
}

const today = () => new Date().toISOString().slice(0, 10);

/** Today's visitor token: never the address or the browser, and a different token each day. */
export function visitorHash(secret: string, day: string, address: string, agent: string): string {
  const salt = createHmac("sha256", secret).update(`public-page-visitor:${day}`).digest();
  return createHash("sha256").update(salt).update(address).update("\n").update(agent).digest("base64url").slice(0, 22);
}

const FLUSH_MS = 10_000;

export class PageFigures {
  private days = new Map<string, { listingId: string; day: string; views: number; flyerDownloads: number }>();
  private visitors = new Map<string, { listingId: string; day: string; visitor: string }>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly secret: string,
    private readonly logger?: Logger,
  ) {}

  /** Counts a person's view of a page, or a flyer they downloaded from it. */
  record(req: Request, listingId: string, kind: "view" | "flyer"): void {
    if (!isPersonViewing(req)) return;
    const day = today();
    const slot = `${listingId} ${day}`;
    const counts = this.days.get(slot) ?? { listingId, day, views: 0, flyerDownloads: 0 };
    if (kind === "view") counts.views += 1;
    else counts.flyerDownloads += 1;
    this.days.set(slot, counts);
    if (kind === "view") {
      const visitor = visitorHash(this.secret, day, req.ip ?? "", req.get("user-agent") ?? "");
      this.visitors.set(`${slot} ${visitor}`, { listingId, day, visitor });
    }
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      this.flush().catch((err: unknown) => this.logger?.warn({ err }, "could not write public page figures"));
    }, FLUSH_MS).unref();
  }

  /** Writes what was counted so far (before the figures are read, and every 10 seconds). */
  async flush(): Promise<void> {
    const days = [...this.days.values()];
    const visitors = [...this.visitors.values()];
    this.days.clear();
    this.visitors.clear();
    await addPageDays(this.db, days);
    await addPageVisitors(this.db, visitors);
  }
}
