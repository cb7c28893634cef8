import { Router } from "express";
import type { Db } from "../../db/database.js";
import { checkHealth } from "./service.js";

/** For load balancers and start-up checks: answers once the database answers. */
export function healthRoutes(db: Db): Router {
  const router = Router();
  router.get("/api/health", async (_req, res) => {
    res.json(await checkHealth(db));
  });
  return router;
}
