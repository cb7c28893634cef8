// The caps on open event streams over real sockets (docs/decisions/220-event-stream-caps.md): a
// session's oldest stream is replaced, past the process's cap a new stream gets a 503 with
// Retry-After, and sign-in goes on working meanwhile.
import { afterEach, describe, expect, it } from "vitest";
import { listenOnLoopback, openStream, type TestStream } from "../../test/event-stream.js";
import { createAgent } from "../../test/factories.js";
import { httpClient } from "../../test/spawn-server.js";
import { createTestContext, type TestContext } from "../../test/test-app.js";
import { TEST_PASSWORD } from "../../test/test-constants.js";
import { STREAMS_FULL_RETRY_AFTER_S } from "./service.js";

let ctx: TestContext;
let server: Awaited<ReturnType<typeof listenOnLoopback>>;
let base: string;

/** A fresh app and database per test: a test's closed streams cannot count against the next one's caps. */
async function startApp(maxStreams: number) {
  ctx = await createTestContext({ events: { maxPerSession: 2, maxPerUser: 3, maxStreams } });
  server = await listenOnLoopback(ctx.app);
  base = server.base;
}
afterEach(async () => {
  await ctx.close();
  await server.close();
});

async function signIn(username: string) {
  const client = httpClient(base);
  expect((await client.call("POST", "/api/login", { username, password: TEST_PASSWORD })).status).toBe(200);
  return client.cookie;
}

async function opened(cookie: string) {
  const stream = await openStream(base, cookie);
  expect(stream.status).toBe(200);
  await stream.next((e) => e.event === "ready");
  return stream;
}

/** Every stream given hears a change made after this call: they are live. */
async function allLive(streams: TestStream[]) {
  const agent = await createAgent(ctx.db);
  await Promise.all(streams.map((s) => s.next((e) => e.event === "agents")));
  return agent;
}

/** Asks for a stream expected to be refused, reading the whole reply (a refusal ends). */
async function refusal(cookie: string) {
  const res = await fetch(`${base}/api/events`, { headers: { accept: "text/event-stream", cookie } });
  return { status: res.status, retryAfter: res.headers.get("retry-after"), body: (await res.json()) as { message: string } };
}

describe("caps on open event streams", () => {
  it("replaces a session's oldest stream past its cap and a user's past theirs; the others stay live", async () => {
    await startApp(100);
    const user = await ctx.createUser();
    const first = await signIn(user.username);
    const tabs = [await opened(first), await opened(first)];
    const third = await opened(first);
    await tabs[0].ended;
    expect(tabs[0].events.at(-1)?.event).toBe("replaced");

    // A second device of the same user: its second stream is the user's fourth, past their cap
    // (3), and replaces the oldest of all their streams, on the other device.
    const phoneCookie = await signIn(user.username);
    const phone = [await opened(phoneCookie), await opened(phoneCookie)];
    await tabs[1].ended;
    expect(tabs[1].events.at(-1)?.event).toBe("replaced");
    await allLive([third, ...phone]);
    for (const s of [third, ...phone]) s.close();
  });

  it("refuses a stream past the process's cap with 503 and Retry-After, while sign-in still works", async () => {
    await startApp(4);
    const [alice, bob] = [await ctx.createUser(), await ctx.createUser()];
    const aliceCookie = await signIn(alice.username);
    const bobCookie = await signIn(bob.username);
    const held = [await opened(aliceCookie), await opened(aliceCookie), await opened(bobCookie), await opened(bobCookie)];

    const carol = await ctx.createUser();
    const carolCookie = await signIn(carol.username);
    const full = await refusal(carolCookie);
    expect(full.status).toBe(503);
    expect(full.retryAfter).toBe(String(STREAMS_FULL_RETRY_AFTER_S));
    expect(full.body.message).toMatch(/live updates will resume/);
    // Bob's second session would add a stream, not replace one of his: refused too.
    expect((await refusal(await signIn(bob.username))).status).toBe(503);

    // Alice's session is at its own cap: a new tab replaces her oldest and takes no new place.
    const aliceNewest = await opened(aliceCookie);
    await held[0].ended;
    await allLive([held[1], held[2], held[3], aliceNewest]);

    // A stream that ends gives its place back (once the server has seen the socket close).
    held[2].close();
    let carolStream: TestStream | undefined;
    await expect
      .poll(async () => {
        const attempt = await openStream(base, carolCookie);
        if (attempt.status === 200) carolStream = attempt;
        else attempt.close();
        return attempt.status;
      })
      .toBe(200);
    await allLive([carolStream!]);
    for (const s of [held[1], held[3], aliceNewest, carolStream!]) s.close();
  });
});
