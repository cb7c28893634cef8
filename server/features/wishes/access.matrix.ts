import type { AccessRow, Fixtures } from "../../test/access-matrix.js";
import { insertCommentOnWish, insertWish } from "./data.js";

// Every teammate posts and reads wishes; editing, deleting and commenting are for admins only,
// even on a wish the member posted.
const membersWish = ({ ctx, member }: Fixtures) =>
  insertWish(ctx.db, { userId: member.user.id, title: "Dark mode", description: "Easier on the eyes" });
const onMembersWish = (suffix = "") => async (f: Fixtures) => ({ path: `/api/wishes/${(await membersWish(f)).id}${suffix}` });

export const rows: AccessRow[] = [
  { route: "GET /api/wishes", expect: { anonymous: 401, member: 200, admin: 200 } },
  {
    route: "POST /api/wishes",
    request: () => ({ body: { title: "Map view", description: "Show listings on a map" } }),
    expect: { anonymous: 401, member: 201, admin: 201 },
  },
  {
    route: "PATCH /api/wishes/:id",
    request: async (f) => ({ ...(await onMembersWish()(f)), body: { title: "Dark theme" } }),
    expect: { anonymous: 401, member: 403, admin: 200, otherMember: 403 },
  },
  { route: "DELETE /api/wishes/:id", request: onMembersWish(), expect: { anonymous: 401, member: 403, admin: 204, otherMember: 403 } },
  { route: "GET /api/wishes/:id/comments", request: onMembersWish("/comments"), expect: { anonymous: 401, member: 200, admin: 200 } },
  {
    route: "POST /api/wishes/:id/comments",
    request: async (f) => ({ ...(await onMembersWish("/comments")(f)), body: { comment: "Planned for next month" } }),
    expect: { anonymous: 401, member: 403, admin: 201 },
  },
  {
    route: "DELETE /api/wishes/comments/:commentId",
    request: async (f) => {
      const comment = await insertCommentOnWish(f.ctx.db, { wishId: (await membersWish(f)).id, userId: f.admin.user.id, comment: "Soon" });
      return { path: `/api/wishes/comments/${comment!.id}` };
    },
    expect: { anonymous: 401, member: 403, admin: 204 },
  },
];
