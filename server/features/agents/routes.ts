import { Router, type RequestHandler } from "express";
import { insertAgentSchema, ownAgentProfileSchema, patchAgentSchema } from "../../../shared/schema.js";
import type { Db } from "../../db/database.js";
import { currentUser, requireUser } from "../../http/guards.js";
import { ifMatchVersions } from "../../http/if-match.js";
import { parse } from "../../http/validate.js";
import { addAgent, agentTag, createOwnProfile, editAgent, listAgents, removeAgent } from "./service.js";

export function agentsRoutes(db: Db): Router {
  const router = Router();

  router.get("/api/agents", requireUser, async (_req, res) => {
    res.json(await listAgents(db));
  });

  router.post("/api/agents", requireUser, async (req, res) => {
    res.status(201).json(await addAgent(db, parse(insertAgentSchema, req.body)));
  });

  // PUT takes the same fields as PATCH (fields left out stay as they are): both are how an admin
  // sets `userId`.
  const edit: RequestHandler = async (req, res) => {
    const id = String(req.params.id);
    const values = parse(patchAgentSchema, req.body);
    const agent = await editAgent(db, id, values, currentUser(req), ifMatchVersions(req, "agent", id));
    res.set("ETag", agentTag(agent)).json(agent);
  };
  router.patch("/api/agents/:id", requireUser, edit);
  router.put("/api/agents/:id", requireUser, edit);

  // Your account: a member makes their own profile, linked to themselves.
  router.post("/api/account/agent-profile", requireUser, async (req, res) => {
    res.status(201).json(await createOwnProfile(db, currentUser(req), parse(ownAgentProfileSchema, req.body ?? {})));
  });

  router.delete("/api/agents/:id", requireUser, async (req, res) => {
    await removeAgent(db, String(req.params.id));
    res.status(204).end();
  });

  return router;
}
