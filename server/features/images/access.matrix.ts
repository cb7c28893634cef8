import type { AccessRow } from "../../test/access-matrix.js";
import { requestUploadUrl, TINY_PNG, uploadImage } from "../../test/uploads.js";

export const rows: AccessRow[] = [
  { route: "POST /api/objects/upload", expect: { anonymous: 401, member: 200, admin: 200 } },
  {
    // Everyone but the admin tries the member's own upload link.
    route: "PUT /api/objects/images/:key",
    request: async (f, role) => ({
      path: (await requestUploadUrl(role === "admin" ? f.admin.agent : f.member.agent)).uploadURL,
      body: TINY_PNG,
    }),
    expect: { anonymous: 401, member: 200, admin: 200, otherMember: 403 },
  },
  {
    // A listing's image is the team's: any signed-in teammate sees the member's upload.
    route: "GET /api/objects/images/:key",
    request: async (f) => ({ path: await uploadImage(f.member.agent) }),
    expect: { anonymous: 401, member: 200, admin: 200, otherMember: 200 },
  },
];
