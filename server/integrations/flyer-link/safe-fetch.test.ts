import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isBlockedAddress } from "./address-policy.js";
import { safeFetch, SafeFetchError, type Resolver, type SafeFetchOptions } from "./safe-fetch.js";
import { startTestServer, type TestServer } from "./test-server.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    const to = url.searchParams.get("to");
    if (url.pathname === "/redirect" && to) {
      res.writeHead(302, { Location: to }).end();
    } else if (url.pathname === "/hops") {
      // /hops?n=3 redirects three times (relative Location) before answering.
      const n = Number(url.searchParams.get("n"));
      if (n > 0) res.writeHead(301, { Location: `/hops?n=${n - 1}` }).end();
      else res.writeHead(200, { "Content-Type": "text/plain" }).end("arrived");
    } else if (url.pathname === "/big-declared") {
      res.writeHead(200, { "Content-Length": String(11 * 1024 * 1024) });
      res.write(Buffer.alloc(1024));
    } else if (url.pathname === "/big-streamed") {
      // No Content-Length: only counting the bytes catches this one.
      res.writeHead(200, { "Content-Type": "application/octet-stream" });
      const chunk = Buffer.alloc(1024 * 1024);
      for (let i = 0; i < 11; i++) res.write(chunk);
      res.end();
    } else if (url.pathname === "/silent") {
      // Never answers.
    } else if (url.pathname === "/missing") {
      res.writeHead(404).end("nope");
    } else {
      res.writeHead(200, { "Content-Type": "text/html" }).end("<html>hello</html>");
    }
  });
});
afterAll(() => server.close());

// The test server stands in for a public site; everything else keeps the real rules.
const serverIsPublic: SafeFetchOptions = { isBlocked: (ip) => ip !== "127.0.0.1" && isBlockedAddress(ip) };
const noResolving: Resolver = async (hostname) => {
  throw new Error(`resolver called for ${hostname}`);
};
const resolverFor =
  (table: Record<string, string[]>): Resolver =>
  async (hostname) => {
    const addresses = table[hostname];
    if (!addresses) throw Object.assign(new Error("not found"), { code: "ENOTFOUND" });
    return addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
  };

async function failure(link: string, options: SafeFetchOptions = {}): Promise<SafeFetchError> {
  const err = await safeFetch(link, options).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(SafeFetchError);
  return err as SafeFetchError;
}

describe("safeFetch refuses links that do not lead to the public internet", () => {
  const port = () => new URL(server.origin).port;

  it("parses odd IPv4 spellings to the address they mean (WHATWG URL)", () => {
    for (const host of ["2130706433", "0x7f000001", "017700000001", "127.1", "0177.0.0.1", "127.0.0.1."]) {
      expect(new URL(`http://${host}/`).hostname).toBe("127.0.0.1");
    }
    expect(new URL("http://[::ffff:127.0.0.1]/").hostname).toBe("[::ffff:7f00:1]");
  });

  it.each([
    "http://127.0.0.1/",
    "http://2130706433/",
    "http://0x7f000001/",
    "http://017700000001/",
    "http://127.1/",
    "http://0177.0.0.1/",
    "http://[::1]/",
    "http://[::ffff:127.0.0.1]/",
    "http://[0:0:0:0:0:ffff:7f00:1]/",
    "http://10.1.2.3/",
    "http://172.16.0.1/",
    "http://172.31.255.254/",
    "http://192.168.1.1/",
    "http://169.254.169.254/latest/meta-data/",
    "http://100.64.0.1/",
    "http://100.100.100.200/",
    "http://[fc00::1]/",
    "http://[fd00:ec2::254]/",
    "http://[fe80::1]/",
    "http://0.0.0.0/",
    "http://0/",
    "http://224.0.0.1/",
    "http://[ff02::1]/",
    "http://[64:ff9b::7f00:1]/",
    "https://[::1]:8443/",
  ])("refuses the IP literal %s before resolving or connecting", async (link) => {
    expect((await failure(link, { resolve: noResolving })).code).toBe("NOT_ALLOWED");
  });

  it("refuses the test server's own loopback address when nothing lifts the rule", async () => {
    const hitsBefore = server.hits.length;
    expect((await failure(`${server.origin}/`)).code).toBe("NOT_ALLOWED");
    expect(server.hits.length).toBe(hitsBefore);
  });

  it("refuses localhost, whatever its case, through the system resolver", async () => {
    for (const host of ["localhost", "LocalHost"]) {
      expect((await failure(`http://${host}:${port()}/`)).code).toBe("NOT_ALLOWED");
    }
  });

  it("refuses a name that resolves to a private address", async () => {
    const resolve = resolverFor({ "intranet.example.com": ["10.0.0.7"] });
    expect((await failure("http://intranet.example.com/", { resolve })).code).toBe("NOT_ALLOWED");
  });

  it("refuses a name with one private answer among public ones (DNS rebinding)", async () => {
    const resolve = resolverFor({ "rebind.example.com": ["8.8.8.8", "192.168.0.10"] });
    expect((await failure("http://rebind.example.com/", { resolve })).code).toBe("NOT_ALLOWED");
  });

  it("resolves once per connection and connects to the checked address", async () => {
    const asked: string[] = [];
    const resolve: Resolver = async (hostname) => {
      asked.push(hostname);
      return [{ address: "127.0.0.1", family: 4 }];
    };
    const res = await safeFetch(`http://flyers.example.com:${port()}/`, { ...serverIsPublic, resolve });
    expect(res.body.toString()).toContain("hello");
    expect(asked).toEqual(["flyers.example.com"]);
  });

  it("refuses a redirect to the metadata service", async () => {
    const link = `${server.origin}/redirect?to=${encodeURIComponent("http://169.254.169.254/latest/meta-data/")}`;
    expect((await failure(link, serverIsPublic)).code).toBe("NOT_ALLOWED");
  });

  it("refuses a redirect to a name that resolves to a private address", async () => {
    const resolve = resolverFor({ "inside.example.com": ["172.20.0.5"] });
    const link = `${server.origin}/redirect?to=${encodeURIComponent("http://inside.example.com/admin")}`;
    expect((await failure(link, { ...serverIsPublic, resolve })).code).toBe("NOT_ALLOWED");
  });

  it("refuses a redirect to another scheme", async () => {
    const link = `${server.origin}/redirect?to=${encodeURIComponent("file:///etc/passwd")}`;
    expect((await failure(link, serverIsPublic)).code).toBe("NOT_ALLOWED");
  });

  it.each([
    "file:///etc/passwd",
    "data:text/html,<h1>hi</h1>",
    "gopher://127.0.0.1:70/_GET",
    "ftp://example.com/flyer.pdf",
    "javascript:alert(1)",
    "http://user:secret@example.com/",
  ])("refuses %s", async (link) => {
    expect((await failure(link, { resolve: noResolving })).code).toBe("NOT_ALLOWED");
  });

  it("refuses a body declared larger than 10 MB", async () => {
    expect((await failure(`${server.origin}/big-declared`, serverIsPublic)).code).toBe("TOO_LARGE");
  });

  it("stops reading a body that grows past 10 MB without declaring its size", async () => {
    expect((await failure(`${server.origin}/big-streamed`, serverIsPublic)).code).toBe("TOO_LARGE");
  });

  it("gives up on a server that does not answer in time", async () => {
    const err = await failure(`${server.origin}/silent`, { ...serverIsPublic, timeoutMs: 300 });
    expect(err.code).toBe("TIMEOUT");
    expect(err.message).toBe("That link took too long to answer");
  });

  it("follows at most 5 redirects", async () => {
    const ok = await safeFetch(`${server.origin}/hops?n=5`, serverIsPublic);
    expect(ok.body.toString()).toBe("arrived");
    expect(ok.url).toBe(`${server.origin}/hops?n=0`);
    expect((await failure(`${server.origin}/hops?n=6`, serverIsPublic)).code).toBe("TOO_MANY_REDIRECTS");
  });

  it("reports error answers and unreachable hosts", async () => {
    expect((await failure(`${server.origin}/missing`, serverIsPublic)).code).toBe("HTTP_STATUS");
    const resolve = resolverFor({});
    expect((await failure("http://no-such-host.example.com/", { resolve })).code).toBe("UNREACHABLE");
  });
});

describe("FLYER_ALLOW_PRIVATE_NETWORKS", () => {
  it("lifts the address rule but not the scheme rule", async () => {
    const res = await safeFetch(`${server.origin}/`, { allowPrivateNetworks: true });
    expect(res.contentType).toBe("text/html");
    expect(res.body.toString()).toBe("<html>hello</html>");
    expect((await failure("file:///etc/passwd", { allowPrivateNetworks: true })).code).toBe("NOT_ALLOWED");
  });

  it("still caps size", async () => {
    expect((await failure(`${server.origin}/big-streamed`, { allowPrivateNetworks: true })).code).toBe("TOO_LARGE");
  });
});
