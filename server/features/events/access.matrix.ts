import type { AccessRow } from "../../test/access-matrix.js";

// Signed-in users only. The matrix's plain requests do not ask for text/event-stream, and a
// stream never ends, so a signed-in caller gets the 406 that says so; events.test.ts opens real
// streams and checks what each user hears.
export const rows: AccessRow[] = [{ route: "GET /api/events", expect: { anonymous: 401, member: 406, admin: 406 } }];
