// When the daily digest is due: at the mention digests' hour (server/features/mail), once a UTC day.
import { nextDigestTime } from "../mail/service.js";

const DAY_MS = 24 * 60 * 60_000;

/** The digest time at or before `now` (today's, or yesterday's while today's is still ahead). */
export const latestDigestTime = (now: Date) => new Date(nextDigestTime(now).getTime() - DAY_MS);

/** The UTC day of a digest time: what a member's last digest is counted by. */
export const dayOf = (at: Date) => at.toISOString().slice(0, 10);
