// The editor's preview (docs/guides/campaigns.md): the message as a recipient will see it, made
// from the editor's unsaved body and audience, sanitised exactly as sending sanitises, so the
// preview never shows what the server would strip. Reads only; sends and records nothing.
import type { CampaignAudience, CampaignPreview } from "../../../shared/campaigns.js";
import type { Db } from "../../db/database.js";
import { notFound } from "../../http/http-error.js";
import { getBrand } from "../brand/service.js";
import { audienceCondition } from "../contacts/service.js";
import { listingCardHtml, sanitizeBody, wrapHtml } from "./campaign-mail.js";
import * as data from "./data.js";
import { listingCard, NO_ORIGIN, NO_POSTAL_ADDRESS, NOT_FOUND, type CampaignConfig } from "./service.js";

export async function previewCampaign(db: Db, config: CampaignConfig, id: number, draft: { body?: string | null; audience?: CampaignAudience }): Promise<CampaignPreview> {
  const c = await data.findCampaign(db, id);
  if (!c) throw notFound(NOT_FOUND);
  const [brand, origin] = await Promise.all([getBrand(db), config.trustedOrigin()]);
  const card = c.listingId !== null ? listingCardHtml(await listingCard(db, c.listingId, origin ?? "")) : null;
  const body = draft.body === undefined ? c.body : draft.body;
  const bodyHtml = body === null ? (card ?? "") : sanitizeBody(body, { app: origin, website: brand.website || null });
  const reach = await data.countReachable(db, await audienceCondition(db, draft.audience ?? c.audience), c.listingId);
  // The preview's unsubscribe link names no recipient: it answers 404, like a test send's.
  const html = wrapHtml(bodyHtml, { preheader: c.preheader, brand, unsubscribeUrl: `${origin ?? ""}/u/preview` });
  const blocker = !brand.address.trim() ? NO_POSTAL_ADDRESS : !origin ? NO_ORIGIN : null;
  return { html, card, reach, blocker };
}
