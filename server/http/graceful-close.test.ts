// closeServer on a plain HTTP server with Node's kept-alive connections: what a restart needs
// of it (graceful-close.ts says why).
import http from "node:http";
import net from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { closeServer } from "./graceful-close.js";
import { KEEP_ALIVE_TIMEOUT_MS } from "./keep-alive.js";

/** A server whose /slow answers only when the test says; its port, and what releases /slow. */
async function serverWithSlowRoute() {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let slowStarted!: () => void;
  const started = new Promise<void>((resolve) => (slowStarted = resolve));
  const server = http.createServer((req, res) => {
    if (req.url === "/slow") {
      slowStarted();
      void released.then(() => res.end("slow"));
    } else res.end("quick");
  });
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, port: (server.address() as net.AddressInfo).port, started, release };
}

/** A raw connection: everything the server sent on it, once the server has closed it. */
function connect(port: number) {
  const socket = net.connect(port, "127.0.0.1");
  let received = "";
  socket.setEncoding("utf8");
  socket.on("data", (chunk: string) => (received += chunk));
  const closedByServer = new Promise<string>((resolve) => socket.on("end", () => resolve(received)));
  return { send: (text: string) => socket.write(text), closedByServer, destroy: () => socket.destroy() };
}

const open: (() => void)[] = [];
afterEach(() => open.splice(0).forEach((stop) => stop()));

/** A server closing while a request on a kept connection is in flight: `release` lets its answer go. */
async function closingWithRequestInFlight() {
  const { server, port, started, release } = await serverWithSlowRoute();
  const connection = connect(port);
  open.push(connection.destroy);
  connection.send("GET /slow HTTP/1.1\r\nHost: x\r\n\r\n");
  await started;
  return { server, connection, release, closed: closeServer(server) };
}

describe("closing the server for a restart", () => {
  it("answers a request in flight, then closes its connection instead of keeping it alive", async () => {
    const { server, connection, release, closed } = await closingWithRequestInFlight();
    release();
    const received = await connection.closedByServer;
    expect(received).toMatch(/^HTTP\/1\.1 200 OK\r\n[\s\S]*\r\n\r\nslow$/);
    // Node's close() alone would wait for this connection until its keep-alive timeout.
    await closed;
    expect(server.listening).toBe(false);
  });

  it("answers a request that arrives on a kept connection while it closes, with Connection: close", async () => {
    const { connection, release, closed } = await closingWithRequestInFlight();
    // Sent on the same connection after the close began, as a browser's next request would be.
    connection.send("GET /after HTTP/1.1\r\nHost: x\r\n\r\n");
    release();
    const [first, second] = (await connection.closedByServer).split(/(?=HTTP\/1\.1 )/);
    expect(first).toMatch(/\r\n\r\nslow$/);
    expect(second).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(second).toMatch(/\r\nConnection: close\r\n/i);
    expect(second).toMatch(/\r\n\r\nquick$/);
    await closed;
  });
});
