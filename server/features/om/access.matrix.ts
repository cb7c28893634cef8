import type { AccessRow, Fixtures } from "../../test/access-matrix.js";
import { createAgent, createListing } from "../../test/factories.js";
import { findAgentOfUser } from "../agents/service.js";

// Every signed-in teammate builds and downloads any listing's OM; only admins set the brokerage's defaults.
const onNewListing = (suffix: string) => async ({ ctx }: Fixtures) => ({ path: `/api/listings/${(await createListing(ctx.db)).id}${suffix}` });
const ALL_ON = {
  sections: ["cover", "confidentiality", "contents", "executive-summary", "highlights", "property-overview", "photos", "spaces", "tenants", "rent-roll", "lease-expirations", "operating-statement", "location", "team"].map((key) => ({ key, enabled: true })),
};
// The brokerage's defaults with the photos off: a change from the shipped defaults, so the save is logged.
const PHOTOS_OFF = { sections: ALL_ON.sections.map((s) => ({ ...s, enabled: s.key !== "photos" })) };

// Publishing to the deal room: admins and the listing's agent (here `member`'s profile), no other member.
async function agentsListing({ ctx, member }: Fixtures) {
  // One profile per member: made the first time, found after.
  const agent = (await findAgentOfUser(ctx.db, member.user.id)) ?? (await createAgent(ctx.db, { name: "Matrix Agent", userId: member.user.id }));
  return { path: `/api/listings/${(await createListing(ctx.db, { agentId: agent.id, offeringType: "Sell" })).id}/om/publish`, body: { summary: "First version" } };
}

export const rows: AccessRow[] = [
  { route: "POST /api/listings/:id/om/publish", request: agentsListing, expect: { anonymous: 401, member: 201, admin: 201, otherMember: 403 } },
  { route: "GET /api/listings/:id/om.pdf", request: onNewListing("/om.pdf"), expect: { anonymous: 401, member: 200, admin: 200 } },
  { route: "GET /api/listings/:id/om", request: onNewListing("/om"), expect: { anonymous: 401, member: 200, admin: 200 } },
  { route: "PUT /api/listings/:id/om", request: async (f) => ({ ...(await onNewListing("/om")(f)), body: ALL_ON }), expect: { anonymous: 401, member: 200, admin: 200 } },
  { route: "GET /api/settings/om-defaults", request: async () => ({ path: "/api/settings/om-defaults" }), expect: { anonymous: 401, member: 200, admin: 200 } },
  { route: "PUT /api/settings/om-defaults", request: async () => ({ path: "/api/settings/om-defaults", body: PHOTOS_OFF }), expect: { anonymous: 401, member: 403, admin: 200 } },
];
