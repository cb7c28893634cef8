import { newInvitationToken } from "./rules.js";
import { insertInvitation } from "./data.js";
import type { AccessRow } from "../../test/access-matrix.js";

export const rows: AccessRow[] = [
  { route: "GET /api/invitations", expect: { anonymous: 401, member: 403, admin: 200 } },
  {
    route: "POST /api/invitations",
    request: () => ({ body: { email: `invitee-${Math.random().toString(36).slice(2)}@example.com` } }),
    expect: { anonymous: 401, member: 403, admin: 201 },
  },
  {
    route: "DELETE /api/invitations/:id",
    request: async ({ ctx, admin }) => {
      const inv = await insertInvitation(ctx.db, { email: "x@example.com", token: newInvitationToken(), invitedBy: admin.user.id });
      return { path: `/api/invitations/${inv.id}` };
    },
    expect: { anonymous: 401, member: 403, admin: 204 },
  },
  {
    route: "GET /api/invitations/validate/:token",
    request: () => ({ path: "/api/invitations/validate/unknown" }),
    expect: { anonymous: 200, member: 200, admin: 200 },
  },

  { route: "GET /api/team/members", expect: { anonymous: 401, member: 403, admin: 200 } },
  {
    route: "PATCH /api/team/members/:id",
    request: async ({ ctx }) => ({ path: `/api/team/members/${(await ctx.createUser()).id}`, body: { isAdmin: true } }),
    expect: { anonymous: 401, member: 403, admin: 200 },
  },
  {
    route: "POST /api/team/members/:id/reset-link",
    request: async ({ ctx }) => ({ path: `/api/team/members/${(await ctx.createUser()).id}/reset-link` }),
    expect: { anonymous: 401, member: 403, admin: 201 },
  },
];
