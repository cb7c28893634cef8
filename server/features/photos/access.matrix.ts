import type { AccessRow, Fixtures, Role } from "../../test/access-matrix.js";
import { createListing } from "../../test/factories.js";
import { uploadImage } from "../../test/uploads.js";

// Every signed-in teammate manages every listing's photos (the team shares listings); the
// anonymous are turned away.
const signedIn = (ok: number) => ({ anonymous: 401, member: ok, admin: ok });

/** A listing whose gallery holds one photo the member added. */
async function listingWithPhoto({ ctx, member }: Fixtures) {
  const listing = await createListing(ctx.db);
  const url = await uploadImage(member.agent);
  const photo = await member.agent.post(`/api/listings/${listing.id}/photos`).send({ url }).expect(201);
  return { listingId: listing.id, photoId: photo.body.id as number };
}

/** An image uploaded by whoever makes the request (the member for the anonymous, who cannot upload). */
const uploadFor = (f: Fixtures, role: Role) => uploadImage(role === "admin" ? f.admin.agent : f.member.agent);

export const rows: AccessRow[] = [
  {
    route: "GET /api/listings/:id/photos",
    request: async (f) => ({ path: `/api/listings/${(await listingWithPhoto(f)).listingId}/photos` }),
    expect: signedIn(200),
  },
  {
    route: "POST /api/listings/:id/photos",
    request: async (f, role) => ({ path: `/api/listings/${(await createListing(f.ctx.db)).id}/photos`, body: { url: await uploadFor(f, role) } }),
    expect: signedIn(201),
  },
  {
    route: "PATCH /api/listings/:id/photos/:photoId",
    request: async (f) => {
      const { listingId, photoId } = await listingWithPhoto(f);
      return { path: `/api/listings/${listingId}/photos/${photoId}`, body: { caption: "Front entrance" } };
    },
    expect: signedIn(200),
  },
  {
    route: "DELETE /api/listings/:id/photos/:photoId",
    request: async (f) => {
      const { listingId, photoId } = await listingWithPhoto(f);
      return { path: `/api/listings/${listingId}/photos/${photoId}` };
    },
    expect: signedIn(204),
  },
  {
    route: "PUT /api/listings/:id/photos/order",
    request: async (f) => {
      const { listingId, photoId } = await listingWithPhoto(f);
      const second = await f.member.agent.post(`/api/listings/${listingId}/photos`).send({ url: await uploadImage(f.member.agent) }).expect(201);
      return { path: `/api/listings/${listingId}/photos/order`, body: { ids: [second.body.id, photoId] } };
    },
    expect: signedIn(200),
  },
];
