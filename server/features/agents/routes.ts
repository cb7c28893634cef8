import { Router } from "express";
import { insertAgentSchema, patchAgentSchema } from "../../../shared/schema.js";
import type { Db } from "../../db/database.js";
import { requireUser } from "../../http/guards.js";
import { notFound } from "../../http/http-error.js";
import { parse } from "../../http/validate.js";
import { deleteAgent, findAgent, insertAgent, listAgents, updateAgent } from "./data.js";

const AGENT_NOT_FOUND = "Agent not found";

// The agent directory is the team's: any signed-in teammate keeps it (docs/decisions/011-agents-api.md).
// Ids are compared as text, so a malformed one is simply not found.
export function agentsRoutes(db: Db): Router {
  const router = Router();

  router.get("/api/agents", requireUser, async (_req, res) => {
    res.json(await listAgents(db));
  });

  router.post("/api/agents", requireUser, async (req, res) => {
    res.status(201).json(await insertAgent(db, parse(insertAgentSchema, req.body)));
  });

  router.patch("/api/agents/:id", requireUser, async (req, res) => {
    const values = parse(patchAgentSchema, req.body);
    if (!(await updateAgent(db, String(req.params.id), values))) throw notFound(AGENT_NOT_FOUND);
    res.json(await findAgent(db, String(req.params.id)));
  });

  router.delete("/api/agents/:id", requireUser, async (req, res) => {
    if (!(await deleteAgent(db, String(req.params.id)))) throw notFound(AGENT_NOT_FOUND);
    res.status(204).end();
  });

  return router;
}
