// Builds the Express app from its dependencies. It never listens: server/index.ts does, and the
// tests drive it directly.
import express, { type Express } from "express";
import session from "express-session";
import type { Db } from "./db/database.js";
import type { Env } from "./env.js";
import { authRoutes } from "./features/auth/routes.js";
import { createPassport } from "./features/auth/passport.js";
import { healthRoutes } from "./features/health/routes.js";
import { invitationsRoutes } from "./features/invitations/routes.js";
import { DbSessionStore } from "./features/sessions/session-store.js";
import { usersRoutes } from "./features/users/routes.js";
import { apiNotFound, errorMiddleware } from "./http/error-middleware.js";
import { jsonBody } from "./http/json-body.js";
import { requestLogger } from "./http/request-logger.js";
import { sameOriginOnly } from "./http/same-origin.js";
import { securityHeaders } from "./http/security-headers.js";
import { spaRoutes } from "./http/spa.js";
import type { Logger } from "./logger.js";
import { clientDistDir } from "./paths.js";

export const SESSION_COOKIE = "sid";
const SESSION_MAX_AGE = 30 * 24 * 60 * 60 * 1000;

export interface AppDeps {
  db: Db;
  env: Pick<Env, "TRUST_PROXY" | "AUTH_SCRYPT_COST">;
  logger: Logger;
  sessionSecret: string;
  /** Serve the built SPA from dist/client (production). */
  serveClient?: boolean;
}

export function createApp(deps: AppDeps): Express {
  const { db, env, logger } = deps;
  const authConfig = { scryptCost: env.AUTH_SCRYPT_COST };
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", env.TRUST_PROXY);

  app.use(requestLogger(logger));
  app.use(securityHeaders());
  if (deps.serveClient) app.use(spaRoutes(clientDistDir));

  app.use(sameOriginOnly);
  app.use(
    session({
      name: SESSION_COOKIE,
      secret: deps.sessionSecret,
      store: new DbSessionStore(db),
      resave: false,
      saveUninitialized: false,
      cookie: { httpOnly: true, sameSite: "lax", secure: "auto", maxAge: SESSION_MAX_AGE },
    }),
  );
  const auth = createPassport(db, authConfig);
  app.use(auth.initialize());
  app.use(auth.session());
  app.use(jsonBody);

  app.use(healthRoutes(db));
  app.use(authRoutes(db, authConfig, auth));
  app.use(usersRoutes(db));
  app.use(invitationsRoutes(db));

  app.use("/api", apiNotFound);
  app.use(errorMiddleware);
  return app;
}
