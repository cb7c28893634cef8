import http from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { sendStream } from "./send-stream.js";

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((done) => s.close(done))));
});

/** A server whose one route hands the reply to `handle`; the route's outcome is what it settled to. */
async function serve(handle: (req: express.Request, res: express.Response) => Promise<void>) {
  let settle!: (outcome: { error?: unknown }) => void;
  const outcome = new Promise<{ error?: unknown }>((resolve) => (settle = resolve));
  const app = express();
  app.get("/", (req, res) => {
    handle(req, res).then(
      () => settle({}),
      (error: unknown) => settle({ error }),
    );
  });
  const server = http.createServer(app);
  servers.push(server);
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  return { port: (server.address() as AddressInfo).port, outcome };
}

/** A body that counts whether it was closed. */
function trackedBody(chunks: string[]) {
  const body = Readable.from(chunks);
  const closed = new Promise<void>((done) => body.once("close", done));
  return { body, closed };
}

describe("sendStream", () => {
  it("sends the whole body", async () => {
    const { body } = trackedBody(["one ", "two"]);
    const { port, outcome } = await serve((_req, res) => sendStream(body, res));
    const text = await (await fetch(`http://127.0.0.1:${port}/`)).text();
    expect(text).toBe("one two");
    expect(await outcome).toEqual({});
  });

  it("reports nothing and closes the body when the reader left before the first byte", async () => {
    const { body, closed } = trackedBody(["never read"]);
    const { port, outcome } = await serve(async (req, res) => {
      // The route is still waiting on storage when the reader goes.
      await new Promise((done) => req.socket.once("close", done));
      expect(res.destroyed).toBe(true);
      await sendStream(body, res);
    });
    const request = http.get({ host: "127.0.0.1", port, path: "/" });
    request.on("error", () => {});
    setTimeout(() => request.destroy(), 50);
    expect(await outcome).toEqual({});
    await closed;
    expect(body.destroyed).toBe(true);
  });

  it("passes on a failure of the body itself, and closes it", async () => {
    const body = new Readable({
      read() {
        this.destroy(new Error("disk gone"));
      },
    });
    const { port, outcome } = await serve((_req, res) => sendStream(body, res));
    await fetch(`http://127.0.0.1:${port}/`).catch(() => undefined);
    const { error } = await outcome;
    expect((error as Error).message).toBe("disk gone");
    expect(body.destroyed).toBe(true);
  });
});
