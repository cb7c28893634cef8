// The /c/ door: a recipient's click on a campaign link, counted (a person's, or a machine's) and
// sent on to where the message pointed (docs/guides/campaigns.md).
import type { Db } from "../../db/database.js";
import { isMachineClick, readClickToken } from "./click-tracking.js";
import * as data from "./data.js";

/** The link's target after counting the click, or null when the token names no recipient (404, nothing counted). */
export async function followClick(db: Db, secret: string, token: string, click: { userAgent: string | undefined; head: boolean; now?: Date }): Promise<string | null> {
  const read = readClickToken(secret, token);
  if (!read) return null;
  const recipient = await data.findClickedRecipient(db, read.recipientId);
  if (!recipient) return null;
  const now = click.now ?? new Date();
  // A HEAD request fetches no page: only a program checking the link sends one.
  const machine = click.head || isMachineClick(click.userAgent, recipient.sentAt, now);
  await data.recordClick(db, recipient.id, machine, now);
  return read.target;
}
