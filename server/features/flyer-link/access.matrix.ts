import type { AccessRow } from "../../test/access-matrix.js";

export const rows: AccessRow[] = [
  {
    // The matrix app keeps the address rule on, so signed-in roles get the refusal, not a fetch.
    route: "POST /api/looplink/extract-image",
    request: () => ({ body: { flyerUrl: "http://127.0.0.1:9/flyer.pdf" } }),
    expect: { anonymous: 401, member: 400, admin: 400 },
  },
];
