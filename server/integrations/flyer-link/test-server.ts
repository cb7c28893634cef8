// A throwaway HTTP server on 127.0.0.1 for the fetching tests.
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface TestServer {
  /** http://127.0.0.1:<port> */
  origin: string;
  /** Requests received so far, by path. */
  hits: string[];
  close(): Promise<void>;
}

export async function startTestServer(handler: http.RequestListener): Promise<TestServer> {
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    hits.push(req.url ?? "");
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
