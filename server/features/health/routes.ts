import { Router } from "express";
import { ping, type Db } from "../../db/database.js";

/** For load balancers and start-up checks: answers once the database answers. */
export function healthRoutes(db: Db): Router {
  const router = Router();
  router.get("/api/health", async (_req, res) => {
    await ping(db);
    res.json({ ok: true });
  });
  return router;
}
