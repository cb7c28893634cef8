// A campaign as the real server sends it (server/index.ts): the server is killed mid-send, a
// new one takes the send over after the dead one's lease, and the SMTP server on loopback counts
// what every recipient got: one copy at most, and everyone but a message cut off in flight.
import { sql } from "drizzle-orm";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openPglite } from "../../db/database.js";
import { startTestSmtpServer, type TestSmtpServer } from "../../integrations/mail/test-smtp-server.js";
import { httpClient, spawnServer, type ServerProcess } from "../../test/spawn-server.js";
import { TEST_PASSWORD } from "../../test/test-constants.js";
import { TIMEOUT } from "../../../testing/timeouts.ts";

const RECIPIENTS = 30;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "campaign-process-"));
const running: ServerProcess[] = [];
let smtp: TestSmtpServer | undefined;
afterAll(async () => {
  for (const p of running) p.child.kill("SIGKILL");
  await smtp?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function until(done: () => boolean | Promise<boolean>, what: string) {
  const deadline = Date.now() + TIMEOUT.slow;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe("a campaign in the server process", () => {
  it("resumes after the server is killed mid-send without mailing anyone twice", async () => {
    smtp = await startTestSmtpServer();
    // Ten messages a run, a run every five seconds: the kill lands while the campaign is sending.
    const env = { DATA_DIR: dataDir, SESSION_SECRET: "c".repeat(40), MAIL_FROM: "Desk <desk@example.com>", SMTP_URL: smtp.url, PUBLIC_URL: "https://desk.example.com", CAMPAIGN_RATE_PER_MINUTE: "120" };
    const first = await spawnServer(env);
    running.push(first);
    const client = httpClient(first.url);
    expect((await client.call("POST", "/api/init-admin", { username: "admin", password: TEST_PASSWORD, email: "a@example.com" })).status).toBe(201);
    expect((await client.call("PUT", "/api/brand", { brokerageName: "Desk Realty", address: "1 Main St, Springfield, IL 62701" })).status).toBe(200);
    const ids: number[] = [];
    for (let i = 0; i < RECIPIENTS; i++) ids.push((await client.call("POST", "/api/contacts", { name: `Person ${i}`, email: `p${i}@example.com` })).body.id);
    const campaign = await client.call("POST", "/api/campaigns", { name: "Launch", subject: "New listing", body: "<p>Hello</p>", audience: { contactIds: ids } });
    expect(campaign.status).toBe(201);
    expect((await client.call("POST", `/api/campaigns/${campaign.body.id}/send`, {})).status).toBe(202);

    await until(() => smtp!.received.length >= 12, "a dozen messages");
    first.child.kill("SIGKILL");
    await first.exited;
    const atKill = smtp.received.length;
    expect(atKill).toBeLessThan(RECIPIENTS);

    // The dead server's lease would run five minutes: end it now rather than wait.
    const database = await openPglite(dataDir);
    await database.db.execute(sql`update jobs set locked_until = null, run_at = now() - interval '1 second' where kind like 'campaign.%'`);
    await database.close();

    const second = await spawnServer(env);
    running.push(second);
    const again = httpClient(second.url);
    expect((await again.call("POST", "/api/login", { username: "admin", password: TEST_PASSWORD })).status).toBe(200);
    await until(async () => (await again.call("GET", `/api/campaigns/${campaign.body.id}`)).body.status === "sent", "the campaign to finish");

    const to = smtp.received.flatMap((m) => m.envelopeTo);
    expect(new Set(to).size).toBe(to.length);
    const { counts } = (await again.call("GET", `/api/campaigns/${campaign.body.id}`)).body;
    expect(counts.recipients).toBe(RECIPIENTS);
    // At most the one message in flight at the kill is left unknown (and never sent again).
    expect(to.length).toBeGreaterThanOrEqual(RECIPIENTS - 1);
    expect(counts.delivered).toBeGreaterThanOrEqual(RECIPIENTS - 1);
    second.child.kill("SIGTERM");
    expect(await second.exited).toBe(0);
  }, TIMEOUT.longJob);
});
