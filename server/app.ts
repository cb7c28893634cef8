// Builds the Express app from its dependencies. It never listens: server/index.ts does, and the
// tests drive it directly.
import compression from "compression";
import express, { type Express } from "express";
import session from "express-session";
import type { Listing, PublicUser } from "../shared/schema.js";
import type { Db } from "./db/database.js";
import { loadEnv, type Env } from "./env.js";
import { accountRoutes } from "./features/account/routes.js";
import { ChangeBus, type ChangeKind } from "./events/change-bus.js";
import { LocalWrites, notifyThrough } from "./events/local-writes.js";
import { ChangeVersions, versionsIn } from "./events/versions.js";
import { agentsRoutes } from "./features/agents/routes.js";
import { appAddressRoutes } from "./features/app-address/routes.js";
import { trustedOriginOf } from "./features/app-address/service.js";
import { auditRoutes } from "./features/audit/routes.js";
import { authRoutes } from "./features/auth/routes.js";
import { createPassport } from "./features/auth/passport.js";
import { setupCodeFor } from "./features/auth/setup-code.js";
import type { Sleep } from "./features/auth/login-rate-limit.js";
import { backupsRoutes } from "./features/backups/routes.js";
import { backupConfigFrom, type BackupConfig } from "./features/backups/service.js";
import { brandRoutes } from "./features/brand/routes.js";
import { bulkRoutes } from "./features/bulk/routes.js";
import { csvRoutes } from "./features/csv/routes.js";
import { flyerLinkRoutes } from "./features/flyer-link/routes.js";
import { earlyFlyer } from "./features/flyer/early-flyer.js";
import { flyerRoutes } from "./features/flyer/routes.js";
import { createFlyerService, type FlyerLimits } from "./features/flyer/service.js";
import { healthRoutes } from "./features/health/routes.js";
import { documentsRoutes } from "./features/documents/routes.js";
import { createDocumentService } from "./features/documents/service.js";
import { imagesRoutes } from "./features/images/routes.js";
import { importsRoutes } from "./features/imports/routes.js";
import { readSpreadsheet } from "./features/imports/service.js";
import { createImageService, type ImageServiceConfig } from "./features/images/service.js";
import { teamRoutes } from "./features/team/routes.js";
import { ListingsListCache } from "./features/listings/list-cache.js";
import { listingsRoutes } from "./features/listings/routes.js";
import { queueMentionMail } from "./features/mail/service.js";
import { notesRoutes } from "./features/notes/routes.js";
import { notificationsRoutes } from "./features/notifications/routes.js";
import { photosRoutes } from "./features/photos/routes.js";
import { incomeRoutes } from "./features/income/routes.js";
import { earlyOm } from "./features/om/early-om.js";
import { omRoutes } from "./features/om/routes.js";
import { createOmService } from "./features/om/service.js";
import { leadsRoutes } from "./features/leads/routes.js";
import { contactsRoutes } from "./features/contacts/routes.js";
import { campaignsRoutes, clickRoutes, emailEventsRoutes, unsubscribeRoutes } from "./features/campaigns/routes.js";
import { DEFAULT_MAX_RECIPIENTS, listingCampaigns } from "./features/campaigns/service.js";
import { prospectsRoutes } from "./features/prospects/routes.js";
import { earlyPublicPage } from "./features/public-page/early-page.js";
import { publicationRoutes } from "./features/public-page/publication-routes.js";
import { publicPageRoutes } from "./features/public-page/routes.js";
import { earlyRoom } from "./features/deal-room/early-room.js";
import { dealRoomPublicRoutes } from "./features/deal-room/public-routes.js";
import { createRoomMemory } from "./features/deal-room/room-memory.js";
import { dealRoomRoutes } from "./features/deal-room/routes.js";
import { feedKeyRoutes, feedRoutes } from "./features/feed/routes.js";
import { createFeedService } from "./features/feed/service.js";
import { earlyFeed } from "./features/feed/early-feed.js";
import { earlyInventory } from "./features/inventory/early-inventory.js";
import { inventoryRoutes, inventorySettingsRoutes } from "./features/inventory/routes.js";
import { createInventoryService } from "./features/inventory/service.js";
import { createPublicPageService, servedPageUrls, type PublicPageService } from "./features/public-page/service.js";
import { postsRoutes } from "./features/posts/routes.js";
import { writePostsForNewListing, type PostsContext } from "./features/posts/service.js";
import { eventsRoutes } from "./features/events/routes.js";
import { stampReadPosition } from "./features/events/read-position.js";
import { EventHub, type HubLimits } from "./features/events/service.js";
import { DbSessionStore, SessionCache, sessionIdReader } from "./features/sessions/service.js";
import { settingsRoutes } from "./features/settings/routes.js";
import { usersRoutes } from "./features/users/routes.js";
import { viewsRoutes } from "./features/views/routes.js";
import { mapsRoutes } from "./features/maps/routes.js";
import { tilesOrigin } from "./features/maps/service.js";
import { wishesRoutes } from "./features/wishes/routes.js";
import { apiNotFound, errorMiddleware } from "./http/error-middleware.js";
import { requireUser } from "./http/guards.js";
import { jsonBody } from "./http/json-body.js";
import { allowedHosts, refuseOtherHosts } from "./http/allowed-hosts.js";
import { publicOriginFor, requestOrigin } from "./http/public-origin.js";
import { versionedReplies, type VersionRule } from "./http/versioned-replies.js";
import { answerFirst, earlyRevalidation } from "./http/early-revalidation.js";
import { writeTracking } from "./http/write-tracking.js";
import { requestLogger } from "./http/request-logger.js";
import type { RequestsInFlight } from "./http/requests-in-flight.js";
import { sameOriginOnly } from "./http/same-origin.js";
import { fixedHeadersOf, securityHeaders } from "./http/security-headers.js";
import { spaRoutes } from "./http/spa.js";
import { createBuiltInWriter } from "./integrations/posts/built-in-writer.js";
import type { PostsWriter } from "./integrations/posts/posts-writer.js";
import { temporaryStorage } from "./integrations/storage/local-storage.js";
import type { ObjectStorage } from "./integrations/storage/object-storage.js";
import type { Logger } from "./logger.js";
import { clientDistDir } from "./paths.js";

export const SESSION_COOKIE = "sid";
const DAY_MS = 24 * 60 * 60 * 1000;
// A session ends 30 days after sign-in however much it is used (and after SESSION_IDLE_DAYS unused).
const SESSION_MAX_AGE = 30 * DAY_MS;
const DEFAULT_SESSION_IDLE_DAYS = 14;

export interface AppDeps {
  db: Db;
  env: Pick<Env, "TRUST_PROXY" | "AUTH_SCRYPT_COST"> &
    Partial<Pick<Env, "FLYER_ALLOW_PRIVATE_NETWORKS" | "SESSION_IDLE_DAYS" | "ALLOWED_HOSTS" | "PUBLIC_URL" | "GEOCODER_URL" | "MAP_TILES_URL" | "MAP_ATTRIBUTION" | "INVENTORY_SOLD_DAYS" | "MAIL_FROM" | "CAMPAIGN_MAX_RECIPIENTS" | "EMAIL_WEBHOOK_SECRET">>;
  logger: Logger;
  sessionSecret: string;
  /** Serve the built SPA from dist/client (production). */
  serveClient?: boolean;
  /** Where images live (server/index.ts builds it from the env); a temporary folder if omitted. */
  storage?: ObjectStorage;
  /** Called with each newly created listing (the posts feature writes its posts); returns the listing to reply with. */
  onListingCreated?: (listing: Listing) => Promise<Listing>;
  /** Writes listings' social posts (server/index.ts builds it from the env); the built-in writer if omitted. */
  postsWriter?: PostsWriter;
  /** How sign-in slowdowns wait (a timer if omitted); tests record the delays instead. */
  signInSleep?: Sleep;
  /** SMTP is configured (server/index.ts runs the mail jobs): invitations, reset links and mentions are emailed. */
  sendsMail?: boolean;
  /** Upload quota and thumbnail limits; the defaults if omitted (tests set small ones). */
  images?: Partial<ImageServiceConfig>;
  /**
   * The change bus listening to the database (server/events/change-bus.ts). Without one the app
   * still works, with no live events and every read from the database.
   */
  changes?: ChangeBus;
  /**
   * Event stream heartbeat, buffer and stream caps (server/index.ts sets the process's cap from
   * its descriptor budget); the defaults if omitted (tests set small ones).
   */
  events?: HubLimits;
  /** Flyer renders at once and waiting; the defaults if omitted (tests set small ones). */
  flyers?: FlyerLimits;
  /** Requests a minute each feed key may make (the feed's default when omitted; the bench raises it). */
  feedRequestsPerMinute?: number;
  /** Counts the requests in flight, for background work to yield to; nothing counts without it. */
  requests?: RequestsInFlight;
  /** Where backups go and when (server/index.ts builds it from the env); the defaults if omitted. */
  backups?: BackupConfig;
}

const hubs = new WeakMap<Express, EventHub>();
const publicPages = new WeakMap<Express, PublicPageService>();

/** The app's public page service: what it keeps in memory, for the tests of its caches. */
export const publicPagesOf = (app: Express) => publicPages.get(app);

/** Ends the app's open event streams, so that a shutting-down server is not held open by them. */
export function closeEventStreams(app: Express) {
  hubs.get(app)?.close();
}

/**
 * The versioned lists by path and what each shows. A user's own write made
 * through this server that is not heard back yet leaves their lists without a version:
 * they are read from the database.
 */
function versionRulesOf(versions: ChangeVersions, writes: LocalWrites): ReadonlyMap<string, VersionRule> {
  const everyone = () => "";
  const own = (user: PublicUser) => String(user.id);
  const shared = (kinds: readonly ChangeKind[]): VersionRule => ({
    version: (user) => (writes.settledFor(user.id) ? versions.of(kinds) : null),
    scope: everyone,
  });
  const personal = (kind: ChangeKind): VersionRule => ({
    version: (user) => (writes.settledFor(user.id) ? versions.ofUser(kind, user.id) : null),
    scope: own,
  });
  const lists = shared(["listings", "agents", "notes"]);
  return new Map([
    ["/api/listings", lists],
    ["/api/listings/active", lists],
    ["/api/listings/inactive", lists],
    ["/api/listings/counts", shared(["listings"])],
    ["/api/agents", shared(["agents", "listings"])],
    ["/api/notifications", personal("notifications")],
    ["/api/settings", personal("settings")],
  ]);
}

export function createApp(deps: AppDeps): Express {
  const { db, env, logger } = deps;
  const authConfig = {
    scryptCost: env.AUTH_SCRYPT_COST,
    setupCode: setupCodeFor(deps.sessionSecret),
    sleep: deps.signInSleep,
  };
  const sessionLimits = { idleMs: (env.SESSION_IDLE_DAYS ?? DEFAULT_SESSION_IDLE_DAYS) * DAY_MS, absoluteMs: SESSION_MAX_AGE };
  const changes = deps.changes ?? new ChangeBus(logger);
  const versions = new ChangeVersions(changes, versionsIn(db), logger);
  const writes = new LocalWrites({ bus: changes, notify: notifyThrough(db), logger });
  const sessionStore = new DbSessionStore(db, sessionLimits, new SessionCache(changes, writes));
  const versionRules = versionRulesOf(versions, writes);
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", env.TRUST_PROXY);

  const storage = deps.storage ?? temporaryStorage();
  // The configured map tiles are images from another origin.
  const security = securityHeaders([...storage.browserOrigins, ...(env.MAP_TILES_URL ? [tilesOrigin(env.MAP_TILES_URL)] : [])]);
  // Links the app sends start at the trusted origin, never at a stranger's Host.
  const trustedOrigin = () => trustedOriginOf(db, env.PUBLIC_URL);
  const publicOrigin = publicOriginFor(trustedOrigin);
  const hostAllowed = allowedHosts({ listed: env.ALLOWED_HOSTS ?? [], publicUrl: env.PUBLIC_URL });
  // First of all: a request for a host name that is not ours gets a plain 400;
  // then an unchanged list's 304 from memory, with the headers helmet would add.
  const sessionIdOf = sessionIdReader(SESSION_COOKIE, deps.sessionSecret);
  const whoIs = (cookie: string | undefined) => {
    const sid = sessionIdOf(cookie);
    return sid === null ? null : sessionStore.cachedUser(sid);
  };
  const images = createImageService({ db, storage, sessionSecret: deps.sessionSecret, logger, config: deps.images });
  const flyers = createFlyerService({
    db,
    readImage: images.readAppImage,
    limits: deps.flyers,
    freshness: (userId) => (writes.settledFor(userId) ? versions.of(["listings", "agents", "brand"]) : null),
    // The page's QR code: its canonical address while it is served, as new posts link it.
    pageUrl: async (listing) => {
      const origin = await trustedOrigin();
      return origin ? ((await servedPageUrls(db, [listing], origin)).get(listing.id) ?? null) : null;
    },
  });
  // What strangers read (the pages, the feed, the inventory) is trusted from memory only while no
  // write of this server's is unheard: an agent who changes a listing and opens its page sees the
  // change on the very next request, as the buyer's room does. On PostgreSQL a change reaches the
  // versions when its NOTIFY arrives, a little after the reply.
  const publicFreshness = () => (writes.settled ? versions.of(["listings", "agents", "brand"]) : null);
  // Listing pages for anyone with the link, before sessions: no cookie is read or set.
  const pages = createPublicPageService({
    db,
    readImage: images.readAppImage,
    freshness: publicFreshness,
    trustedOrigin,
    secret: deps.sessionSecret,
    logger,
    campaignsOf: async (listingId) =>
      (await listingCampaigns(db, listingId)).map(({ id, name, status, scheduledAt, startedAt, finishedAt, updatedAt, counts }) => ({ id, name, status, scheduledAt, startedAt, finishedAt, updatedAt, counts })),
  });
  publicPages.set(app, pages);
  // The listings feed, for key holders: built once per version of what it shows, like the pages.
  const feeds = createFeedService({
    db,
    freshness: publicFreshness,
    soldDays: env.INVENTORY_SOLD_DAYS ?? 0,
    requestsPerMinute: deps.feedRequestsPerMinute,
    logger,
  });
  // The brokerage's inventory page and its embed, public: built once per version, like the pages.
  const inventory = createInventoryService({
    db,
    freshness: publicFreshness,
    soldDays: env.INVENTORY_SOLD_DAYS ?? 0,
    trustedOrigin,
  });
  // The buyer's room pages: trusted from memory only while no write of this server's is unheard
  // (a revocation through this server is then seen by the very next request).
  const roomMemory = createRoomMemory(() => (writes.settled ? versions.of(["room", "listings"]) : null));
  const documents = createDocumentService({ db, storage, sessionSecret: deps.sessionSecret, logger });
  const oms = createOmService({
    db,
    readImage: images.readAppImage,
    limits: deps.flyers,
    // The OM's own tables (its sections, the defaults) are heard as a listing's and the brand's changes.
    freshness: (userId) => (writes.settledFor(userId) ? versions.of(["listings", "agents", "brand"]) : null),
    // Published to the deal room as a new version of its document.
    documents,
    sendsMail: deps.sendsMail ?? false,
  });
  const hub = new EventHub({ bus: changes, checkSession: (sid) => sessionStore.userOf(sid), logger, ...deps.events });
  hubs.set(app, hub);
  const fixedHeaders = fixedHeadersOf(security);
  answerFirst(
    app,
    refuseOtherHosts(app, hostAllowed, logger),
    // Every API read says where the event stream stood as it began, the early 304s' too.
    stampReadPosition(
      () => hub.position(),
      (cookie) => sessionIdOf(cookie) !== null,
    ),
    earlyRevalidation({ rules: versionRules, whoIs, headers: fixedHeaders }),
    // An unchanged flyer's bytes from memory, likewise.
    earlyFlyer({ flyers, whoIs, headers: fixedHeaders }),
    // An unchanged OM's bytes from memory, likewise.
    earlyOm({ oms, whoIs, headers: fixedHeaders }),
    // A public page or its preview image in memory, likewise.
    earlyPublicPage({ app, pages, headers: fixedHeaders }),
    // A feed page in memory for a key in memory, likewise.
    earlyFeed({ app, feeds, headers: fixedHeaders }),
    // An inventory page in memory, likewise.
    earlyInventory({ app, inventory, headers: fixedHeaders }),
    // A buyer's room page in memory for a grant still active, likewise.
    earlyRoom({ app, memory: roomMemory, headers: fixedHeaders }),
  );
  if (deps.requests) app.use(deps.requests.track);
  app.use(requestLogger(logger));
  // Listing lists are large JSON (thousands of descriptions); gzip makes them several times smaller.
  app.use(compression());
  app.use(security);
  app.use(publicPageRoutes({ db, pages, flyers, images, trustedOrigin, sendsMail: deps.sendsMail ?? false }));
  // The deal room's buyer doors (/r/...), likewise before sessions.
  app.use(dealRoomPublicRoutes({ db, pages, trustedOrigin, sendsMail: deps.sendsMail ?? false, files: documents, memory: roomMemory }));
  app.use(feedRoutes(feeds, trustedOrigin));
  app.use(inventoryRoutes(inventory));
  // Campaign recipients' unsubscribe links (/u/...): no session, and a mail client's one-click
  // POST comes from no page of ours.
  app.use(unsubscribeRoutes(db, deps.sessionSecret));
  // Their links' click redirects (/c/...), and the mail provider's bounce and complaint webhook,
  // which is server to server: guarded by its own secret, not a session.
  app.use(clickRoutes(db, deps.sessionSecret));
  app.use(emailEventsRoutes(db, { secret: env.EMAIL_WEBHOOK_SECRET, logger }));
  if (deps.serveClient) app.use(spaRoutes(clientDistDir));

  app.use(sameOriginOnly);
  app.use(
    session({
      name: SESSION_COOKIE,
      secret: deps.sessionSecret,
      store: sessionStore,
      resave: false,
      saveUninitialized: false,
      cookie: { httpOnly: true, sameSite: "lax", secure: "auto", maxAge: SESSION_MAX_AGE },
    }),
  );
  const auth = createPassport(db, authConfig);
  app.use(auth.initialize());
  app.use(auth.session());
  // Read-your-writes on this server: knows who writes, before the write begins.
  app.use(writeTracking(writes));
  app.use(jsonBody);

  app.use(eventsRoutes(hub));
  app.use(healthRoutes(db));
  app.use(authRoutes(db, authConfig, auth));
  app.use(usersRoutes(db));
  app.use(teamRoutes(db, { sendsMail: deps.sendsMail, publicOrigin }));
  app.use(accountRoutes(db, { scryptCost: env.AUTH_SCRYPT_COST, sessionIdleMs: sessionLimits.idleMs }));
  app.use(imagesRoutes(images));
  app.use(
    flyerLinkRoutes({
      db,
      saveImage: images.saveImage,
      fetchOptions: { allowPrivateNetworks: env.FLYER_ALLOW_PRIVATE_NETWORKS ?? false },
    }),
  );
  // Unchanged reads answered from memory: each list names the changes it shows.
  // Each path is also its feature's own route (which answers when the version does not match),
  // so the authorization matrix's row for it covers both.
  for (const [path, rule] of versionRules) app.get(path, requireUser, versionedReplies(rule));

  // Before listings: /api/listings/bulk, /import and /export are not listing ids.
  app.use(csvRoutes(db));
  app.use(importsRoutes(db, changes));
  app.use(bulkRoutes(db));
  const posts: PostsContext = { db, logger, writer: deps.postsWriter ?? createBuiltInWriter(), pageOrigin: trustedOrigin };
  const onListingCreated = deps.onListingCreated ?? ((listing: Listing) => writePostsForNewListing(posts, listing));
  app.use(listingsRoutes(db, { onListingCreated, listCache: new ListingsListCache(db, changes), geocodeStreets: Boolean(env.GEOCODER_URL) }));
  app.use(photosRoutes(db, { prepareImage: images.prepareGalleryImage }));
  app.use(documentsRoutes(documents));
  app.use(incomeRoutes(db, readSpreadsheet));
  app.use(postsRoutes(posts, publicOrigin));
  app.use(flyerRoutes(flyers));
  app.use(omRoutes(oms));
  app.use(publicationRoutes(db, publicOrigin, pages));
  app.use(feedKeyRoutes(feeds));
  app.use(inventorySettingsRoutes(inventory));
  app.use(leadsRoutes(db));
  app.use(contactsRoutes(db));
  app.use(
    campaignsRoutes(db, {
      secret: deps.sessionSecret,
      sendsMail: deps.sendsMail ?? false,
      trustedOrigin,
      maxRecipients: env.CAMPAIGN_MAX_RECIPIENTS ?? DEFAULT_MAX_RECIPIENTS,
      mailFrom: env.MAIL_FROM ?? "desk@localhost",
    }),
  );
  app.use(dealRoomRoutes(db, { trustedOrigin, sendsMail: deps.sendsMail ?? false, proofs: documents }));
  app.use(prospectsRoutes(db));
  app.use(agentsRoutes(db));
  app.use(settingsRoutes(db));
  app.use(appAddressRoutes(db, env.PUBLIC_URL));
  app.use(brandRoutes(db, { isUploadedImage: images.isUploadedImage }));
  app.use(
    notesRoutes(db, {
      // Read in the note's transaction (a second connection would wait on it with PGlite).
      mentionHook: deps.sendsMail
        ? (req) => async (tx, userIds) => queueMentionMail(tx, userIds, (await trustedOriginOf(tx, env.PUBLIC_URL)) ?? requestOrigin(req))
        : undefined,
    }),
  );
  app.use(notificationsRoutes(db));
  app.use(auditRoutes(db));
  app.use(wishesRoutes(db));
  app.use(viewsRoutes(db));
  app.use(mapsRoutes(env));
  app.use(backupsRoutes(db, deps.backups ?? backupConfigFrom(loadEnv({}), deps.sessionSecret)));

  app.use("/api", apiNotFound);
  app.use(errorMiddleware);
  return app;
}
