// One app over one fresh database per test file, plus factories and signed-in clients.
import type { Express } from "express";
import supertest from "supertest";
import type TestAgent from "supertest/lib/agent.js";
import { toPublicUser, type PublicUser } from "../../shared/schema.js";
import { closeEventStreams, createApp, type AppDeps } from "../app.js";
import type { Database, Db } from "../db/database.js";
import { hashPassword } from "../features/auth/passwords.js";
import { insertUser } from "../features/users/data.js";
import { startChangeBus, type ChangeBus } from "../events/change-bus.js";
import { createLogger } from "../logger.js";
import { TEST_PASSWORD, TEST_SCRYPT_COST, TEST_SECRET } from "./test-constants.js";
import { createEmbeddedTestDatabase, createTestDatabase } from "./test-database.js";


/** A supertest client keeping its cookies (supertest calls it an agent; here agents are people). */
export type TestClient = InstanceType<typeof TestAgent>;

export interface TestContext {
  database: Database;
  db: Db;
  /** The app's change bus, listening to this database as a real server's does. */
  changes: ChangeBus;
  app: Express;
  /** A new user straight in the database (no invitation needed). */
  createUser(overrides?: { username?: string; isAdmin?: boolean; email?: string | null }): Promise<PublicUser>;
  /** A client holding a session for that user. */
  signIn(user: PublicUser): Promise<TestClient>;
  /** Shortcut: a new user and a signed-in client for them. */
  userAgent(overrides?: { username?: string; isAdmin?: boolean }): Promise<{ user: PublicUser; agent: TestClient }>;
  /**
   * `work` (a write made beside the app, straight to the database), once its change has reached
   * the app's bus: on PostgreSQL that is a NOTIFY, which arrives asynchronously after the commit,
   * so a request sent at once could still be answered from the old version.
   */
  afterChange<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** The next change `bus` passes on; the app's own subscribers (registered first) have seen it when this resolves. */
export function nextChange(bus: ChangeBus): Promise<void> {
  return new Promise((resolve) => {
    const stop = bus.subscribe((message) => {
      if (message.type !== "change") return;
      stop();
      resolve();
    });
  });
}

let passwordHash: Promise<string> | undefined;
let counter = 0;

export function buildApp(db: Db, overrides: Partial<AppDeps> = {}): Express {
  const { env, ...rest } = overrides;
  return createApp({
    db,
    // Tests that need a host name use ones under example.com (reserved for examples, RFC 2606);
    // the host-check tests use others, or set ALLOWED_HOSTS themselves.
    env: { TRUST_PROXY: false, AUTH_SCRYPT_COST: TEST_SCRYPT_COST, ALLOWED_HOSTS: [".example.com"], ...env },
    logger: createLogger(process.env.TEST_LOG_LEVEL ?? "silent"),
    sessionSecret: TEST_SECRET,
    ...rest,
  });
}

/** `embedded`: on the embedded database whatever TEST_DATABASE_URL says (for what only it does). */
export async function createTestContext(overrides: Partial<AppDeps> = {}, opts: { embedded?: boolean } = {}): Promise<TestContext> {
  const database = await (opts.embedded ? createEmbeddedTestDatabase() : createTestDatabase());
  const listening = await startChangeBus(database);
  const changes = overrides.changes ?? listening.bus;
  const app = buildApp(database.db, { ...overrides, changes });
  passwordHash ??= hashPassword(TEST_PASSWORD, TEST_SCRYPT_COST);

  const createUser: TestContext["createUser"] = async (o = {}) => {
    counter += 1;
    const user = await insertUser(database.db, {
      username: o.username ?? `user${counter}_${Math.random().toString(36).slice(2, 7)}`,
      password: await passwordHash!,
      email: o.email === undefined ? `user${counter}@example.com` : o.email,
      isAdmin: o.isAdmin ?? false,
    });
    return toPublicUser(user);
  };

  const signIn: TestContext["signIn"] = async (user) => {
    const agent = supertest.agent(app);
    await agent.post("/api/login").send({ username: user.username, password: TEST_PASSWORD }).expect(200);
    return agent;
  };

  return {
    database,
    db: database.db,
    changes,
    app,
    createUser,
    signIn,
    userAgent: async (o) => {
      const user = await createUser(o);
      return { user, agent: await signIn(user) };
    },
    afterChange: async (work) => {
      const changed = nextChange(changes);
      const result = await work();
      await changed;
      return result;
    },
    close: async () => {
      closeEventStreams(app);
      await listening.stop();
      await database.close();
    },
  };
}

/** The most common file set-up: a fresh app and a signed-in team member (not an admin). */
export async function contextWithMember(overrides: Partial<AppDeps> = {}): Promise<{ ctx: TestContext; member: TestClient }> {
  const ctx = await createTestContext(overrides);
  return { ctx, member: (await ctx.userAgent()).agent };
}
