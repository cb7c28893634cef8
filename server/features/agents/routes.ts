import { Router } from "express";
import { insertAgentSchema, patchAgentSchema } from "../../../shared/schema.js";
import type { Db } from "../../db/database.js";
import { currentUser, requireUser } from "../../http/guards.js";
import { ifMatchVersions } from "../../http/if-match.js";
import { parse } from "../../http/validate.js";
import { addAgent, agentTag, editAgent, listAgents, removeAgent } from "./service.js";

export function agentsRoutes(db: Db): Router {
  const router = Router();

  router.get("/api/agents", requireUser, async (_req, res) => {
    res.json(await listAgents(db));
  });

  router.post("/api/agents", requireUser, async (req, res) => {
    res.status(201).json(await addAgent(db, parse(insertAgentSchema, req.body)));
  });

  router.patch("/api/agents/:id", requireUser, async (req, res) => {
    const id = String(req.params.id);
    const values = parse(patchAgentSchema, req.body);
    const agent = await editAgent(db, id, values, currentUser(req).id, ifMatchVersions(req, "agent", id));
    res.set("ETag", agentTag(agent)).json(agent);
  });

  router.delete("/api/agents/:id", requireUser, async (req, res) => {
    await removeAgent(db, String(req.params.id));
    res.status(204).end();
  });

  return router;
}
