// Campaigns (docs/guides/campaigns.md):
// - preparing a campaign to 10,000 contacts: the send request's work (checks, the segment, the
//   suppressions, fixing the recipients, queueing the first run) among 12,000 contacts of which
//   1,000 are suppressed and 1,000 outside the segment (goal: at most 2 s);
// - sending to the recipients through a local SMTP server (smtp-server, which drops what it
//   accepts) against a bare nodemailer loop sending the same message to that server (goal: at least
//   0.80× its rate). The rate limit is lifted: CAMPAIGN_RATE_PER_MINUTE (default here 1,000,000).
//   BENCH_CAMPAIGN_SENDS sets how many messages each side sends (default 10,000).
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import nodemailer from "nodemailer";
import { SMTPServer } from "smtp-server";
import { brand, contactSegments } from "../server/db/tables.js";
import { createMailTransport } from "../server/integrations/mail/mail-transport.js";
import { runDueJobs } from "../server/jobs/worker.js";
import { findCampaign } from "../server/features/campaigns/data.js";
import { campaignJobHandlers, compose, createCampaign, messageFor, sendCampaign } from "../server/features/campaigns/service.js";
import { onEachBenchDatabase, type OpenBenchDatabase } from "./lib/bench-databases.js";
import type { BenchSection } from "./lib/section.js";
import { benchUser } from "./lib/signed-in-app.js";

const AUDIENCE = 10_000;
const SENDS = Number(process.env.BENCH_CAMPAIGN_SENDS ?? AUDIENCE);
const RATE = Number(process.env.CAMPAIGN_RATE_PER_MINUTE ?? 1_000_000);
const ORIGIN = "http://desk.bench.local";
const MAIL_FROM = "Desk Realty <desk@bench.local>";
const BODY = `<h2>Harbor Point Retail Center</h2><p>Signalized corner retail with pylon signage, 98% leased.</p><ul><li>$8,400,000</li><li>42,000 SF</li><li>7.1% cap</li></ul><p><a href="${ORIGIN}/listings">See the listing</a></p>`;

/** An SMTP server on loopback that accepts everything and keeps nothing: only the sending is measured. */
async function sinkSmtp(): Promise<{ url: string; accepted: () => number; close(): Promise<void> }> {
  let accepted = 0;
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ["STARTTLS", "AUTH"],
    // A reverse DNS lookup per connection would be most of what is measured.
    disableReverseLookup: true,
    logger: false,
    onData(stream, _session, cb) {
      stream.on("data", () => {});
      stream.on("end", () => {
        accepted += 1;
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, accepted: () => accepted, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

const run = (open: OpenBenchDatabase) => async () => {
  const { database, dispose } = await open();
  const smtp = await sinkSmtp();
  try {
    const { db } = database;
    const user = await benchUser(db, "campaign-broker");
    await db.insert(brand).values({ brokerageName: "Desk Realty", address: "1 Main St, Springfield, IL 62701" });
    // 11,000 investors (1,000 of them suppressed one way or another) and 1,000 others.
    await db.execute(sql`
      insert into leads (name, email, role, source, tags, status)
      select 'Investor ' || g, 'investor' || g || '@example.com', 'principal', 'manual',
        case when g <= 11000 then array['investor'] else array['tenant-rep'] end,
        case when g > 10000 and g <= 11000 then (array['unsubscribed', 'bounced', 'complained'])[1 + g % 3] else 'subscribed' end
      from generate_series(1, 12000) g`);
    const [segment] = await db.insert(contactSegments).values({ name: "Investors", filter: { tags: ["investor"] } }).returning({ id: contactSegments.id });
    const config = { secret: "bench-secret", sendsMail: true, trustedOrigin: async () => ORIGIN, maxRecipients: 1_000_000 };
    const campaign = await createCampaign(db, config, { listingId: null, name: "Harbor Point", subject: "New listing: Harbor Point", preheader: "", fromName: "", replyTo: "", audience: { listIds: [], segmentIds: [segment.id], contactIds: [] }, body: BODY, trackOpens: false }, user);

    const prepStarted = performance.now();
    const sending = await sendCampaign(db, config, campaign.id, undefined, user);
    const prepMs = performance.now() - prepStarted;
    console.log(`  preparing a campaign to ${sending.counts.recipients.toLocaleString("en-US")} of 12,000 contacts (segment and suppressions applied): ${Math.round(prepMs)} ms (goal <= 2000 ms)`);
    if (sending.counts.recipients !== AUDIENCE) throw new Error(`expected ${AUDIENCE} recipients, got ${sending.counts.recipients}`);

    // Only the first SENDS recipients are sent: the rest are set aside before the clock starts.
    if (SENDS < AUDIENCE) await db.execute(sql`update campaign_recipients set state = 'cancelled' where campaign_id = ${campaign.id} and id not in (select id from campaign_recipients where campaign_id = ${campaign.id} order by id limit ${SENDS})`);
    const transport = createMailTransport({ smtpUrl: smtp.url, from: MAIL_FROM });
    const handlers = campaignJobHandlers({ transport, secret: config.secret, mailFrom: MAIL_FROM, trustedOrigin: config.trustedOrigin, ratePerMinute: RATE });
    const ourStarted = performance.now();
    let clock = Date.now();
    for (;;) {
      clock += 60_000;
      const done = await runDueJobs(db, handlers, { now: new Date(clock) });
      if (done.failed) throw new Error("a send run failed");
      if (done.done === 0) break;
    }
    const ourMs = performance.now() - ourStarted;
    transport.close();
    if (smtp.accepted() !== SENDS) throw new Error(`the SMTP server accepted ${smtp.accepted()} messages, not ${SENDS}`);

    // The same message (one recipient's, links and headers included) in a bare loop, same transport settings.
    const composed = await compose(db, (await findCampaign(db, campaign.id))!, config.trustedOrigin);
    const sample = messageFor(composed, { id: 1, email: "investor1@example.com" }, config.secret, MAIL_FROM);
    const bare = nodemailer.createTransport(smtp.url);
    const bareStarted = performance.now();
    for (let i = 0; i < SENDS; i++) {
      await bare.sendMail({ from: MAIL_FROM, to: `investor${i + 1}@example.com`, subject: sample.subject, html: sample.html, text: sample.text, messageId: `<bare-${i}@bench.local>`, headers: sample.headers });
    }
    const bareMs = performance.now() - bareStarted;
    bare.close();

    const ourRate = SENDS / (ourMs / 1000);
    const bareRate = SENDS / (bareMs / 1000);
    console.log(`  sending ${SENDS.toLocaleString("en-US")} messages${SENDS < AUDIENCE ? ` (BENCH_CAMPAIGN_SENDS; of ${AUDIENCE.toLocaleString("en-US")})` : ""}, CAMPAIGN_RATE_PER_MINUTE=${RATE.toLocaleString("en-US")}:`);
    console.log(`    bare nodemailer loop: ${seconds(bareMs)}, ${Math.round(bareRate)} messages/s`);
    console.log(`    campaign send runs:   ${seconds(ourMs)}, ${Math.round(ourRate)} messages/s`);
    console.log(`    campaign / bare: ${(ourRate / bareRate).toFixed(2)}× (goal >= 0.80×)`);
  } finally {
    await smtp.close();
    await dispose();
  }
};

export const campaignsBench: BenchSection = { title: "Campaigns: preparing and sending", run: () => onEachBenchDatabase((open) => run(open)()) };
