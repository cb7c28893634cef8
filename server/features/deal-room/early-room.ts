// The buyer's room page answered from memory before Express's router and middleware, as the
// public pages, the feed and the inventory are: when the token's grant was active under the
// current version of the room's data and has not run out (room-memory.ts), the route's own reply
// answers with the headers helmet would have added. Anything else (another spelling, a query,
// HEAD, a token not in memory, a version moved on, a write of this server's not heard back yet)
// goes on to the route, which reads the database and answers the same.
import type { Express } from "express";
import { asExpress, type EarlyAnswer } from "../../http/early-revalidation.js";
import { replyWithRoom } from "./public-routes.js";
import type { RoomMemory } from "./room-memory.js";
import { hashToken } from "./tokens.js";

// Exactly the room's address with a token's shape (tokens.ts), nothing after it.
const ROOM_PATH = /^\/r\/([A-Za-z0-9_-]{22})$/;

export interface EarlyRoom {
  app: Express;
  memory: RoomMemory;
  /** The headers the normal path adds to every reply (the security headers), computed once. */
  headers: Readonly<Record<string, string>>;
}

export function earlyRoom({ app, memory, headers }: EarlyRoom): EarlyAnswer {
  const fixed = Object.entries(headers);
  return (req, res) => {
    if (req.method !== "GET") return false;
    const match = ROOM_PATH.exec(req.url ?? "");
    if (!match) return false;
    const html = memory.remembered(hashToken(match[1]));
    if (!html) return false;
    const { request, response } = asExpress(app, req, res);
    for (const [name, value] of fixed) response.setHeader(name, value);
    replyWithRoom(request, response, html);
    return true;
  };
}
