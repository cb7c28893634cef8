import type { AccessRow } from "../../test/access-matrix.js";
import { createListing, publishListing } from "../../test/factories.js";

const withPosts = async (db: Parameters<typeof createListing>[0]) =>
  createListing(db, { posts: [{ platform: "x", text: "A post" }], aiGeneratedPosts: ["A post"] });

export const rows: AccessRow[] = [
  {
    route: "POST /api/listings/:id/regenerate-posts",
    request: async ({ ctx }) => ({ path: `/api/listings/${(await createListing(ctx.db)).id}/regenerate-posts` }),
    expect: { anonymous: 401, member: 200, admin: 200 },
  },
  {
    route: "POST /api/listings/:id/posts/:index/regenerate",
    request: async ({ ctx }) => ({ path: `/api/listings/${(await withPosts(ctx.db)).id}/posts/0/regenerate` }),
    expect: { anonymous: 401, member: 200, admin: 200 },
  },
  {
    route: "POST /api/listings/:id/posts/page-link",
    request: async ({ ctx }) => {
      const listing = await withPosts(ctx.db);
      await publishListing(ctx.db, listing.id);
      return { path: `/api/listings/${listing.id}/posts/page-link` };
    },
    expect: { anonymous: 401, member: 200, admin: 200 },
  },
  {
    route: "PATCH /api/listings/:id/posts/:index",
    request: async ({ ctx }) => ({ path: `/api/listings/${(await withPosts(ctx.db)).id}/posts/0`, body: { postedAt: "2026-11-24" } }),
    expect: { anonymous: 401, member: 200, admin: 200 },
  },
];
