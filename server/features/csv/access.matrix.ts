import { toCsvLine, CSV_TEMPLATE_COLUMNS } from "../../../shared/csv-columns.js";
import type { AccessRow } from "../../test/access-matrix.js";

// Every signed-in teammate imports and exports listings; the anonymous are turned away.
const signedIn = (ok: number) => ({ anonymous: 401, member: ok, admin: ok });
const oneRow = () =>
  toCsvLine(CSV_TEMPLATE_COLUMNS) +
  toCsvLine([`Matrix ${Math.random().toString(36).slice(2)}`, "1 Matrix Way", "Wheeling", "WV", "Sell", "A shop.", "Single", "", "", "", "", "yes"]);

export const rows: AccessRow[] = [
  { route: "POST /api/listings/import", request: () => ({ body: { csvData: oneRow() } }), expect: signedIn(200) },
  { route: "POST /api/listings/export", request: () => ({ body: {} }), expect: signedIn(200) },
  { route: "POST /api/listings/export/spaces", request: () => ({ body: {} }), expect: signedIn(200) },
  { route: "POST /api/listings/export/rent-roll", request: () => ({ body: {} }), expect: signedIn(200) },
];
