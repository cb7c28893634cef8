import { spawn } from "node:child_process";
import net from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { listensOn } from "./listener.ts";

const servers: net.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((done) => s.close(done))));
});

async function listen(): Promise<number> {
  const server = net.createServer();
  servers.push(server);
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  return (server.address() as net.AddressInfo).port;
}

describe("listensOn", () => {
  it("knows the process listening on a port from another that is not", async () => {
    const port = await listen();
    expect(listensOn(process.pid, port)).toBe(true);
    // Another process, alive, that listens on nothing.
    const other = spawn(process.execPath, ["-e", "setTimeout(() => {}, 10000)"], { stdio: "ignore" });
    try {
      expect(listensOn(other.pid!, port)).toBe(false);
    } finally {
      other.kill();
    }
  });

  it("answers false for a port nobody listens on, and for a process that is gone", async () => {
    const port = await listen();
    await new Promise((done) => servers.pop()!.close(done));
    expect(listensOn(process.pid, port)).toBe(false);
    expect(listensOn(2 ** 22 + 1, await listen())).toBe(false);
  });
});
