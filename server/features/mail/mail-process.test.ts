// Mail as the real server runs it (server/index.ts): SMTP_URL is checked at start, the worker
// sends what is queued, and mail queued while the SMTP server was unreachable is sent by the
// next server process after a restart.
import { eq, sql } from "drizzle-orm";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { jobs } from "../../db/tables.js";
import { openPglite } from "../../db/database.js";
import { startTestSmtpServer, type TestSmtpServer } from "../../integrations/mail/test-smtp-server.js";
import { httpClient, spawnServer, type ServerProcess } from "../../test/spawn-server.js";
import { TEST_PASSWORD } from "../../test/test-constants.js";
import { SEND_MAIL } from "./service.js";
import { TIMEOUT } from "../../../testing/timeouts.ts";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "mail-process-"));
const base = { DATA_DIR: dataDir, SESSION_SECRET: "m".repeat(40), MAIL_FROM: "Listing Desk <desk@example.com>" };
const running: ServerProcess[] = [];
let smtp: TestSmtpServer | undefined;
afterAll(async () => {
  for (const p of running) p.child.kill("SIGKILL");
  await smtp?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function stop(server: ServerProcess) {
  server.child.kill("SIGTERM");
  expect(await server.exited).toBe(0);
}

describe("mail in the server process", () => {
  it("refuses to start with a bad SMTP_URL, naming it", async () => {
    const server = await spawnServer({ ...base, SMTP_URL: "smtp://mail.example.com" }, { waitReady: false });
    running.push(server);
    expect(await server.exited).not.toBe(0);
    expect(server.output()).toContain("SMTP_URL: must carry the user name and password");
  }, TIMEOUT.slow);

  it("keeps an invitation mail queued while SMTP is unreachable, and the next server sends it", async () => {
    const first = await spawnServer({ ...base, SMTP_URL: "smtp://mailer:s3cret-pass@127.0.0.1:1" });
    running.push(first);
    const client = httpClient(first.url);
    expect((await client.call("POST", "/api/init-admin", { username: "admin", password: TEST_PASSWORD, email: "a@example.com" })).status).toBe(201);
    const invite = await client.call("POST", "/api/invitations", { email: "later@example.com" });
    expect(invite.status).toBe(201);
    // The request did not wait for mail; the worker's first try fails and is logged.
    const deadline = Date.now() + 30_000;
    while (!/job failed; it will be retried/.test(first.output()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    expect(first.output()).toMatch(/job failed; it will be retried/);
    await stop(first);

    const database = await openPglite(dataDir);
    const [queued] = await database.db.select().from(jobs).where(eq(jobs.kind, SEND_MAIL));
    expect(queued).toMatchObject({ attempts: 1 });
    // Due again now rather than after the backoff, so the test need not wait for it.
    await database.db.update(jobs).set({ runAt: sql`now() - interval '1 second'` }).where(eq(jobs.id, queued.id));
    await database.close();

    smtp = await startTestSmtpServer();
    const second = await spawnServer({ ...base, SMTP_URL: smtp.url });
    running.push(second);
    const until = Date.now() + 30_000;
    while (smtp.received.length === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 200));
    expect(smtp.received.map((m) => m.envelopeTo)).toEqual([["later@example.com"]]);
    expect(smtp.received[0].parsed.text).toContain(invite.body.inviteLink);
    await stop(second);
  }, TIMEOUT.longJob);
});
