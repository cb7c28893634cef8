import { toCsvLine, CSV_TEMPLATE_COLUMNS } from "../../../shared/csv-columns.js";
import type { AccessRow, Fixtures } from "../../test/access-matrix.js";
import { commitImport, previewImport } from "./service.js";

// Every signed-in teammate previews and imports; committing a preview and undoing an import are
// for the person who made it and for admins. A preview, its rows and its
// failures are theirs too: to another member it is an unknown id.
const signedIn = (ok: number) => ({ anonymous: 401, member: ok, admin: ok });
const importerAndAdmins = { ...signedIn(200), otherMember: 404 };
const file = () =>
  toCsvLine(CSV_TEMPLATE_COLUMNS) +
  toCsvLine([`Matrix ${Math.random().toString(36).slice(2)}`, "1 Matrix Way", "Wheeling", "WV", "Sell", "A shop.", "Single", "", "", "", "", "yes"]);
const body = () => ({ fileName: "matrix.csv", content: file(), encoding: "text" as const });

/** A preview the member made. */
const membersPreview = async ({ ctx, member }: Fixtures) => (await previewImport(ctx.db, body(), member.user.id)).id;
/** An import the member committed. */
const membersImport = async (f: Fixtures) => {
  const id = await membersPreview(f);
  await commitImport(f.ctx.db, id, f.member.user);
  return id;
};

export const rows: AccessRow[] = [
  { route: "POST /api/imports/preview", request: () => ({ body: body() }), expect: signedIn(200) },
  { route: "GET /api/imports", expect: signedIn(200) },
  { route: "GET /api/imports/:id", request: async (f) => ({ path: `/api/imports/${await membersPreview(f)}` }), expect: importerAndAdmins },
  { route: "GET /api/imports/:id/rows", request: async (f) => ({ path: `/api/imports/${await membersPreview(f)}/rows` }), expect: importerAndAdmins },
  {
    route: "GET /api/imports/:id/failures.csv",
    request: async (f) => ({ path: `/api/imports/${await membersPreview(f)}/failures.csv` }),
    expect: importerAndAdmins,
  },
  {
    route: "POST /api/imports/:id/commit",
    request: async (f) => ({ path: `/api/imports/${await membersPreview(f)}/commit`, body: {} }),
    expect: { ...signedIn(200), otherMember: 404 },
  },
  {
    route: "POST /api/imports/:id/undo",
    request: async (f) => ({ path: `/api/imports/${await membersImport(f)}/undo`, body: {} }),
    expect: { anonymous: 401, member: 200, admin: 200, otherMember: 403 },
  },
];
