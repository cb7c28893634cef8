import { Router } from "express";
import type { Db } from "../../db/database.js";
import { requireUser } from "../../http/guards.js";
import { listUsers } from "./service.js";

export function usersRoutes(db: Db): Router {
  const router = Router();
  // Every teammate can see who else is on the team (the mention picker needs it).
  router.get("/api/users", requireUser, async (_req, res) => {
    res.json(await listUsers(db));
  });
  return router;
}
