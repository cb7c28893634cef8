// The daily digest (docs/decisions/308-follow-ups-and-digest.md): one recurring job, like the
// scheduled backups', looks every few minutes whether today's digest time (the mention digests'
// hour, server/features/mail) has passed; then it claims the day for each member who chose the
// digest and has not had it (one statement: one digest per member and day, whichever server runs
// it) and queues their mail through the mailer. Registered only when SMTP is configured.
import type { Db } from "../../db/database.js";
import type { JobHandlers } from "../../jobs/queue.js";
import { listingPageUrl } from "../../../shared/listing-page.js";
import { trustedOriginOf } from "../app-address/service.js";
import { queueMail } from "../mail/service.js";
import * as data from "./data.js";
import { digestMail } from "./digest-mail.js";
import { dayOf, latestDigestTime } from "./digest-time.js";
import { listFollowUps } from "./service.js";

export const PROSPECT_DIGEST = "prospects.digest";
/** How often the job looks whether the digest is due: digests leave within this of the hour. */
export const DIGEST_CHECK_EVERY_MS = 5 * 60_000;

/** `origin`: where the team opens the app (the trusted origin), for the mail's link; without it the mail names the page. */
export async function sendDigests(db: Db, now: Date, origin: string | null): Promise<number> {
  const { followUps } = await listFollowUps(db, now);
  return db.transaction(async (tx) => {
    const recipients = await data.claimDigestRecipients(tx, dayOf(latestDigestTime(now)));
    if (followUps.length === 0) return 0;
    for (const r of recipients) await queueMail(tx, digestMail(r.email, followUps, now, origin && `${origin}/leads`, origin ? (id) => listingPageUrl(origin, id) : undefined));
    return recipients.length;
  });
}

/** `publicUrl`: the server's PUBLIC_URL; without it the trusted origin is read when the digest is sent. */
export function prospectDigestJobHandlers(publicUrl: string | undefined): JobHandlers {
  return {
    [PROSPECT_DIGEST]: {
      everyMs: DIGEST_CHECK_EVERY_MS,
      async run(_payload: unknown, { db, now, job }) {
        // A new workspace waits for its first digest time, as the backups wait for theirs.
        if (latestDigestTime(now) < job.createdAt) return;
        await sendDigests(db, now, await trustedOriginOf(db, publicUrl));
      },
    },
  };
}
