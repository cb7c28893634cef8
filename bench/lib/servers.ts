import http from "node:http";
import type { AddressInfo } from "node:net";

export interface Running {
  url: string;
  close(): Promise<void>;
}

/** Listens on a free loopback port. */
export async function listen(handler: http.RequestListener): Promise<Running> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The floor: a server that answers every request with the same bytes, doing nothing else. */
export function rawServer(body: Buffer, contentType: string): Promise<Running> {
  return listen((_req, res) => {
    res.writeHead(200, { "content-type": contentType, "content-length": body.length });
    res.end(body);
  });
}

/** The floor for a conditional request: a server that answers every request 304 with the same tag. */
export function raw304Server(etag: string): Promise<Running> {
  return listen((_req, res) => {
    res.writeHead(304, { etag, "cache-control": "private, no-cache" });
    res.end();
  });
}
