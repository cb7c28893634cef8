import type { AccessRow, Fixtures } from "../../test/access-matrix.js";
import { createCampaign, DEFAULT_MAX_RECIPIENTS } from "./service.js";

// Campaigns are the team's to read and draft; changing one is for its author, an admin or the
// listing's agent, and sending one about a listing for an admin or that agent. The matrix's app has
// no SMTP, so a send or a test that is allowed answers 409 saying so (campaigns.test.ts sends).
const signedIn = (ok: number) => ({ anonymous: 401, member: ok, admin: ok });
const owned = (ok: number) => ({ anonymous: 401, member: ok, otherMember: 403, admin: ok });

async function membersDraft({ ctx, member }: Fixtures): Promise<number> {
  const config = { secret: "matrix", sendsMail: false, trustedOrigin: async () => null, maxRecipients: DEFAULT_MAX_RECIPIENTS };
  const input = { name: "Matrix campaign", subject: "Hello", preheader: "", fromName: "", replyTo: "", audience: { listIds: [], segmentIds: [], contactIds: [] }, body: null, trackOpens: false };
  return (await createCampaign(ctx.db, config, input, member.user)).id;
}
const onDraft = (suffix: string, body?: unknown) => async (f: Fixtures) => ({ path: `/api/campaigns/${await membersDraft(f)}${suffix}`, body });

export const rows: AccessRow[] = [
  { route: "GET /api/campaigns", expect: signedIn(200) },
  { route: "POST /api/campaigns", request: () => ({ body: { name: "New campaign" } }), expect: signedIn(201) },
  { route: "GET /api/campaigns/:id", request: onDraft(""), expect: signedIn(200) },
  { route: "PATCH /api/campaigns/:id", request: onDraft("", { subject: "New subject" }), expect: owned(200) },
  { route: "POST /api/campaigns/:id/preview", request: onDraft("/preview", { body: "<p>Hi</p>" }), expect: signedIn(200) },
  { route: "POST /api/campaigns/:id/test", request: onDraft("/test", { email: "me@example.com" }), expect: owned(409) },
  { route: "POST /api/campaigns/:id/send", request: onDraft("/send", {}), expect: owned(409) },
  // A draft is neither sending nor paused: 409 for whoever may act on it.
  { route: "POST /api/campaigns/:id/pause", request: onDraft("/pause"), expect: owned(409) },
  { route: "POST /api/campaigns/:id/resume", request: onDraft("/resume"), expect: owned(409) },
  { route: "POST /api/campaigns/:id/cancel", request: onDraft("/cancel"), expect: owned(200) },
  // The mail provider's webhook answers to its secret, not a session; the matrix's app sets no
  // EMAIL_WEBHOOK_SECRET, so the route is off (404) for everyone. campaign-results.test.ts checks
  // the secret (401 without, 403 wrong) with it set.
  { route: "POST /api/webhooks/email-events", request: () => ({ body: { type: "bounce", email: "someone@example.com" } }), expect: { anonymous: 404, member: 404, admin: 404 } },
];
