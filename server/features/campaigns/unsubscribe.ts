// The recipient's side of an unsubscribe link (docs/guides/campaigns.md): reading it never
// changes anything (link scanners open every link); a POST, from the page's button or a mail
// client's RFC 8058 one-click, opts the contact out at once.
import type { UnsubscribeScope } from "../../../shared/campaigns.js";
import type { Db } from "../../db/database.js";
import { recordAuditEvent } from "../audit/service.js";
import { getBrand } from "../brand/service.js";
import { unsubscribeContact } from "../contacts/service.js";
import { getListing } from "../listings/service.js";
import * as data from "./data.js";
import { recipientOfToken } from "./recipient-tokens.js";

export interface UnsubscribeView {
  email: string;
  /** The listing's name when the campaign is about one: the page offers "this listing only". */
  listingName: string | null;
  /** Already out of everything (unsubscribed, bounced or complained). */
  unsubscribed: boolean;
  brand: Awaited<ReturnType<typeof getBrand>>;
}

/** What the page shows for a token, or null when it names no recipient (the page answers 404). */
export async function unsubscribeView(db: Db, secret: string, token: string): Promise<UnsubscribeView | null> {
  const id = recipientOfToken(secret, token);
  const r = id === null ? undefined : await data.findRecipient(db, id);
  if (!r || r.leadId === null) return null;
  const listing = r.listingId ? await getListing(db, r.listingId).catch(() => null) : null;
  return { email: r.email, listingName: listing?.listingName ?? null, unsubscribed: r.contactStatus !== "subscribed", brand: await getBrand(db) };
}

export type UnsubscribeHow = "page" | "one-click";

/**
 * Opts the recipient's contact out: of everything, or of mail about the campaign's listing. Mail
 * still waiting for them in any campaign it covers is cancelled in the same transaction. Null when
 * the token names no one (nothing changes).
 */
export async function unsubscribe(db: Db, secret: string, token: string, scope: UnsubscribeScope, how: UnsubscribeHow) {
  const id = recipientOfToken(secret, token);
  const r = id === null ? undefined : await data.findRecipient(db, id);
  if (!r || r.leadId === null) return null;
  const leadId = r.leadId;
  // Without a listing there is nothing narrower than everything.
  const listingId = scope === "listing" && r.listingId ? r.listingId : null;
  await db.transaction(async (tx) => {
    const changed = listingId ? await data.insertListingOptOut(tx, leadId, listingId) : await unsubscribeContact(tx, leadId);
    await data.markRecipientUnsubscribed(tx, r.id);
    await data.cancelPending(tx, data.pendingOfLead(leadId, listingId ?? undefined));
    if (changed) {
      await recordAuditEvent(tx, {
        kind: "contact.unsubscribed",
        actorId: null,
        listingId: r.listingId,
        data: { leadId, email: r.email, how, scope: listingId ? "listing" : "all", campaignId: r.campaignId, campaignName: r.campaignName },
      });
    }
  });
  return { scope: listingId ? ("listing" as const) : ("all" as const) };
}
