import type { AccessRow } from "../../test/access-matrix.js";
import { createListing } from "../../test/factories.js";
import { addNote } from "../notes/service.js";

// A notification is its recipient's alone: anyone else gets a 404, as if it did not exist.
export const rows: AccessRow[] = [
  { route: "GET /api/notifications", expect: { anonymous: 401, member: 200, admin: 200 } },
  {
    route: "POST /api/notifications/:id/read",
    request: async ({ ctx, admin, member }) => {
      const listing = await createListing(ctx.db);
      await addNote(ctx.db, admin.user, listing.id, `For @${member.user.username}`);
      const [mention] = await ctx.db.query.notifications.findMany({
        where: (n, { eq }) => eq(n.listingId, listing.id),
      });
      return { path: `/api/notifications/${mention.id}/read` };
    },
    expect: { anonymous: 401, member: 204, admin: 404, otherMember: 404 },
  },
  { route: "POST /api/notifications/read-all", expect: { anonymous: 401, member: 204, admin: 204 } },
];
