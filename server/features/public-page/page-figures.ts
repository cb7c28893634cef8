// A public page's figures: views by people, not by
// link-preview bots, crawlers or prefetches; distinct visitors per day as a hash of the address
// and browser salted with a key that changes daily (derived from the session secret, so every
// server agrees and nobody can reverse it); flyer downloads. A visitor's view of a page counts
// once per 30 minutes and their flyer download once a day, so reloading cannot inflate them.
// Counted in memory and written in batches,
// so a flood of views is not a flood of writes.
import { createHash, createHmac } from "node:crypto";
import type { Request } from "express";
import type { Db } from "../../db/database.js";
import type { Logger } from "../../logger.js";
import { addFlyerDownloads, addPageViews, type PageVisit } from "./data.js";

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

/** Today's visitor token: never the address or the browser, and a different token each day. */
export function visitorHash(secret: string, day: string, address: string, agent: string): string {
  return hashWith(daySalt(secret, day), address, agent);
}

const daySalt = (secret: string, day: string) => createHmac("sha256", secret).update(`public-page-visitor:${day}`).digest();
const hashWith = (salt: Buffer, address: string, agent: string) =>
  createHash("sha256").update(salt).update(address).update("\n").update(agent).digest("base64url").slice(0, 22);

/** A view counts again only this long after the visitor's last counted view of the page. */
export const VIEW_GAP_MS = 30 * 60_000;
const FLUSH_MS = 10_000;
// Past this many waiting visits a batch is written at once, so a flood of new visitors is written
// in steps rather than held for ten seconds.
const FLUSH_AT = 5_000;
// Visits waiting while a write is slow: past this, a flood's further visits go uncounted rather
// than grow the process.
const MAX_WAITING = 100_000;
// The first-level filter's size: past this it starts empty again (the database's key still decides).
const MAX_REMEMBERED = 100_000;

type Kind = "view" | "flyer";

export class PageFigures {
  // What this server counted lately, by kind, page, day and visitor, with when: a reload within
  // the gap goes no further than this map. The database has the last word (several servers).
  private remembered = new Map<string, number>();
  private waiting = { view: new Map<string, PageVisit>(), flyer: new Map<string, PageVisit>() };
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();
  private salt = { day: "", bytes: Buffer.alloc(0) };

  constructor(
    private readonly db: Db,
    private readonly secret: string,
    private readonly logger?: Logger,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts a person's view of a page, or a flyer they downloaded from it. */
  record(req: Request, listingId: string, kind: Kind): void {
    if (!isPersonViewing(req)) return;
    const at = this.now();
    const day = new Date(at).toISOString().slice(0, 10);
    if (this.salt.day !== day) this.salt = { day, bytes: daySalt(this.secret, day) };
    const visitor = hashWith(this.salt.bytes, req.ip ?? "", req.get("user-agent") ?? "");
    const key = `${kind} ${listingId} ${day} ${visitor}`;
    const last = this.remembered.get(key);
    if (last !== undefined && (kind === "flyer" || at - last < VIEW_GAP_MS)) return;
    const waiting = this.waiting[kind];
    if (waiting.size >= MAX_WAITING) return;
    if (this.remembered.size >= MAX_REMEMBERED) this.remembered.clear();
    this.remembered.set(key, at);
    waiting.set(key, { listingId, day, visitor, at: new Date(at) });
    if (this.waiting.view.size + this.waiting.flyer.size >= FLUSH_AT) void this.flush();
    else
      this.timer ??= setTimeout(() => {
        this.timer = undefined;
        void this.flush();
      }, FLUSH_MS).unref();
  }

  /**
   * Writes what was counted so far (before the figures are read, every 10 seconds, and whenever
   * 5,000 visits wait), after any write still under way. A failed write is logged: its visits go
   * uncounted, and the figures can still be read.
   */
  flush(): Promise<void> {
    const views = [...this.waiting.view.values()];
    const downloads = [...this.waiting.flyer.values()];
    this.waiting.view.clear();
    this.waiting.flyer.clear();
    this.writing = this.writing.then(async () => {
      try {
        await addPageViews(this.db, views, VIEW_GAP_MS / 1000);
        await addFlyerDownloads(this.db, downloads);
      } catch (err) {
        this.logger?.warn({ err }, "could not write public page figures");
      }
    });
    return this.writing;
  }
}
