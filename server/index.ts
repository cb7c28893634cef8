// Process entry: read the environment, open and migrate the database, listen, shut down cleanly.
import { closeEventStreams, createApp } from "./app.js";
import { DATABASE_DESCRIPTORS, openDatabase, type Db } from "./db/database.js";
import { createOwnerOnly, makeOwnerOnly } from "./db/owner-only.js";
import { loadEnv, type Env } from "./env.js";
import { startChangeBus } from "./events/change-bus.js";
import { needsSetup } from "./features/auth/service.js";
import { resolveSessionSecret } from "./features/auth/session-secret.js";
import { setupAnnouncement, setupCodeFor, setupLink } from "./features/auth/setup-code.js";
import { auditJobHandlers } from "./features/audit/service.js";
import { backupConfigFrom, backupJobHandlers, runBackup, watchBackupRequests } from "./features/backups/service.js";
import { geocodingJobHandlers, queueLocating } from "./features/geocoding/service.js";
import { documentJobHandlers } from "./features/documents/sweep.js";
import { imageJobHandlers } from "./features/images/sweep.js";
import { takeBackUnfinishedCommits } from "./features/imports/service.js";
import { postsJobHandlers, resumePendingPosts } from "./features/posts/service.js";
import { descriptorBudget, openFileLimit } from "./http/descriptor-budget.js";
import { closeServer } from "./http/graceful-close.js";
import { keepConnectionsAlive } from "./http/keep-alive.js";
import { RequestsInFlight } from "./http/requests-in-flight.js";
import { createPostsWriter } from "./integrations/posts/create-posts-writer.js";
import { createStorage } from "./integrations/storage/create-storage.js";
import { startJobWorker } from "./jobs/worker.js";
import { createLogger } from "./logger.js";

async function main() {
  // Before anything is written: the data folder and backups are the team's private records.
  createOwnerOnly();
  const env = loadEnv();
  const logger = createLogger(env.LOG_LEVEL);
  // A folder an earlier version (or a copy, or a restore) left readable to others is narrowed.
  for (const dir of new Set([env.DATA_DIR, env.BACKUP_DIR])) {
    const { changed, refused } = await makeOwnerOnly(dir);
    if (changed) logger.info({ dir, changed }, "data folder: made owner-only");
    if (refused.length) logger.warn({ dir, refused: refused.slice(0, 5), count: refused.length }, "data folder: some files belong to another account and stay readable to others; chown them to this account");
  }
  const storage = await createStorage(env);
  logger.info({ storage: storage.kind }, "image storage ready");
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  logger.info({ driver: database.driver }, "database ready");
  const postsWriter = createPostsWriter(env, logger);
  const changes = await startChangeBus(database, logger);


  // Descriptors for the database first, then connections, then event streams.
  const budget = descriptorBudget(openFileLimit(), DATABASE_DESCRIPTORS[database.driver]);
  if (budget.tooLow) {
    logger.warn(
      budget,
      `The open-file limit (${budget.limit}) leaves almost nothing beside the ${budget.reserved} descriptors kept for the database and the runtime: raise it (ulimit -n, or LimitNOFILE in a systemd unit).`,
    );
  }
  logger.info(budget, "connections and event streams capped below the open-file limit");

  const sessionSecret = resolveSessionSecret(env.SESSION_SECRET, env.DATA_DIR);
  // Without SMTP_URL no mail code is even loaded.
  const mail = env.SMTP_URL && env.MAIL_FROM ? await startMail({ ...env, SMTP_URL: env.SMTP_URL, MAIL_FROM: env.MAIL_FROM }, sessionSecret, database.db) : null;
  if (mail) logger.info("email: sending through SMTP_URL");
  const backups = backupConfigFrom(env, sessionSecret, storage);
  // Jobs wait for the requests in flight between their steps.
  const requests = new RequestsInFlight();
  const app = createApp({
    db: database.db,
    env,
    logger,
    sessionSecret,
    serveClient: env.NODE_ENV === "production",
    storage,
    postsWriter,
    sendsMail: mail !== null,
    changes: changes.bus,
    events: { maxStreams: budget.streams },
    requests,
    backups,
  });
  // An import wizard commit the last run stopped in the middle of (embedded database) is taken
  // back before anyone is served.
  const takenBack = await takeBackUnfinishedCommits(database.db);
  if (takenBack) logger.warn({ imports: takenBack }, "imports: took back commits a previous run left unfinished");
  const postsContext = { db: database.db, writer: postsWriter, logger };
  const resumed = await resumePendingPosts(postsContext);
  if (resumed) logger.info({ listings: resumed }, "posts: finishing posts a previous run left pending");
  // Listings without a point (written before coordinates existed, or by an import cut short) get one.
  await queueLocating(database.db);
  // Here and not in createApp: tests build many apps, and run jobs themselves when they need to.
  const jobs = await startJobWorker({
    db: database.db,
    logger,
    handlers: {
      ...imageJobHandlers(storage),
      ...documentJobHandlers(storage),
      ...auditJobHandlers(env.AUDIT_RETENTION_DAYS),
      ...postsJobHandlers(postsContext),
      ...mail?.handlers,
      ...backupJobHandlers(backups),
      ...geocodingJobHandlers(env.GEOCODER_URL ? { url: env.GEOCODER_URL } : undefined),
    },
    requests,
  });
  // The embedded database is this process's alone: `npm run backup` asks it for the snapshot.
  const stopBackupRequests =
    database.driver === "pglite"
      ? watchBackupRequests(env.DATA_DIR, (dir) => runBackup(database.db, backups, { trigger: "command", dir, logger }), logger)
      : async () => {};
  const server = app.listen(env.PORT, env.HOST, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : env.PORT;
    logger.info(`listening on http://${env.HOST === "0.0.0.0" ? "localhost" : env.HOST}:${port}`);
    announceSetup(port).catch((err) => logger.error({ err }, "checking whether setup is needed failed"));
  });
  keepConnectionsAlive(server);
  // Past this the server closes new connections as they arrive, instead of accepting until the
  // descriptors run out and the database can no longer open a file.
  server.maxConnections = budget.connections;
  let lastDropWarning = 0;
  server.on("drop", () => {
    if (Date.now() - lastDropWarning < 60_000) return;
    lastDropWarning = Date.now();
    logger.warn({ maxConnections: budget.connections }, "connection limit reached: dropping new connections");
  });

  // A fresh workspace: only this machine may create the first admin without the code, so the
  // operator gets a link with the code to open from anywhere.
  async function announceSetup(port: number) {
    if (!(await needsSetup(database.db))) return;
    const link = setupLink({ host: env.HOST, port, publicUrl: env.PUBLIC_URL }, setupCodeFor(sessionSecret));
    logger.warn(
      { setupLink: link },
      `No admin yet. Create the first admin at ${link} (on this machine itself, at http://localhost:${port}, the code is not needed).`,
    );
    // The JSON line above is for log collectors; a person starting the server reads this one.
    process.stderr.write(`\n${setupAnnouncement(link)}\n\n`);
  }

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down");
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    // The worker takes no new jobs from now on; the ones running finish before the database closes.
    const jobsStopped = Promise.all([jobs.stop(), stopBackupRequests()]);
    closeServer(server)
      .then(() => jobsStopped)
      .then(() => changes.stop())
      .then(() => database.close())
      .then(
        () => process.exit(0),
        (err) => {
          logger.error({ err }, "closing the database failed");
          process.exit(1);
        },
      );
    // Event streams never go idle: end them, and browsers reconnect to whichever server is up.
    closeEventStreams(app);
  };
  process.on("SIGINT", () => shutdown("SIGINT"));
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  // Started by `npm start` (scripts/run-supervised.mjs) over an IPC channel: when the starter
  // goes away, however it went, so do we, rather than run on orphaned.
  if (process.channel) process.on("disconnect", () => shutdown("starter exited"));
}

async function startMail(env: Env & { SMTP_URL: string; MAIL_FROM: string }, secret: string, db: Db) {
  const [{ createMailTransport }, { mailJobHandlers }, { prospectDigestJobHandlers }, { campaignJobHandlers }, { trustedOriginOf }] = await Promise.all([
    import("./integrations/mail/mail-transport.js"),
    import("./features/mail/service.js"),
    import("./features/prospects/digest.js"),
    import("./features/campaigns/service.js"),
    import("./features/app-address/service.js"),
  ]);
  const transport = createMailTransport({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM });
  // The prospects' daily digest and campaigns are mail too: without SMTP there is none to send.
  return {
    handlers: {
      ...mailJobHandlers(transport),
      ...prospectDigestJobHandlers(env.PUBLIC_URL),
      ...campaignJobHandlers({
        transport,
        secret,
        mailFrom: env.MAIL_FROM,
        trustedOrigin: () => trustedOriginOf(db, env.PUBLIC_URL),
        ratePerMinute: env.CAMPAIGN_RATE_PER_MINUTE,
      }),
    },
  };
}

main().catch((err) => {
  // Configuration and lock errors are written for people: print them without a stack trace.
  console.error(err instanceof Error && err.constructor.name !== "Error" ? err.message : err);
  process.exit(1);
});
