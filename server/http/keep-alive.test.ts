import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { KEEP_ALIVE_TIMEOUT_MS, keepConnectionsAlive } from "./keep-alive.js";

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((done) => s.close(done))));
});

/** A server that answers every request, and a client holding one kept-alive connection to it. */
async function serveOnce(configure: (server: http.Server) => void) {
  const server = http.createServer((_req, res) => res.end("ok"));
  configure(server);
  servers.push(server);
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const { port } = server.address() as AddressInfo;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const get = () =>
    new Promise<{ body: string; socket: unknown }>((resolve, reject) => {
      const req = http.get({ host: "127.0.0.1", port, agent }, (res) => {
        let body = "";
        res.on("data", (chunk: Buffer) => (body += chunk));
        res.on("end", () => resolve({ body, socket: req.socket }));
      });
      req.on("error", reject);
    });
  return { get, agent };
}

const idle = (ms: number) => new Promise((done) => setTimeout(done, ms));

describe("kept-alive connections", () => {
  it("keeps an idle connection open past Node's 5 s default, so a client may send on it again", async () => {
    const { get, agent } = await serveOnce((server) => keepConnectionsAlive(server));
    const first = await get();
    // Past Node's 5 s and the 1 s it adds before closing (keepAliveTimeoutBuffer).
    await idle(6_500);
    const second = await get();
    expect(second.body).toBe("ok");
    // The same connection, not a new one after the server closed the first.
    expect(second.socket).toBe(first.socket);
    agent.destroy();
  });

  it("closes it after its own timeout, and gives headers longer than that to arrive", async () => {
    const { get, agent } = await serveOnce((server) => {
      keepConnectionsAlive(server, 200);
      expect(server.headersTimeout).toBeGreaterThan(200);
    });
    const first = await get();
    await idle(200 + 1_000 + 500);
    const second = await get();
    expect(second.socket).not.toBe(first.socket);
    agent.destroy();

    const server = http.createServer();
    keepConnectionsAlive(server);
    expect(server.keepAliveTimeout).toBe(KEEP_ALIVE_TIMEOUT_MS);
    expect(server.headersTimeout).toBeGreaterThan(KEEP_ALIVE_TIMEOUT_MS);
  });
});
