import type { AccessRow, Fixtures } from "../../test/access-matrix.js";
import { createListing } from "../../test/factories.js";
import { addSpace, addTenant } from "./service.js";

// Every signed-in teammate manages a listing's spaces, rent roll and statement, as its facts;
// only the anonymous are turned away.
const signedIn = (ok: number) => ({ anonymous: 401, member: ok, admin: ok });
const onNewListing = (suffix: string) => async ({ ctx }: Fixtures) => ({ path: `/api/listings/${(await createListing(ctx.db)).id}${suffix}` });
const onSpace = async ({ ctx }: Fixtures) => {
  const listing = await createListing(ctx.db);
  const space = await addSpace(ctx.db, listing.id, { suite: "100", floor: null, sizeSf: 2400, minDivisibleSf: null, rate: 18.5, rateUnit: "SF/yr", leaseType: "NNN", availableOn: null, status: "available", spaceType: null, description: null, photoIds: [] }, null);
  return { path: `/api/listings/${listing.id}/spaces/${space.id}` };
};
const onTenant = async ({ ctx }: Fixtures) => {
  const listing = await createListing(ctx.db);
  const tenant = await addTenant(ctx.db, listing.id, { tenant: "Cafe", suite: "100", sizeSf: 2000, leaseStart: null, leaseEnd: null, annualRent: 40_000, reimbursements: null, options: null, notes: null }, null);
  return { path: `/api/listings/${listing.id}/rent-roll/${tenant.id}` };
};

const IMPORT_FILES = {
  "rent-roll": { fileName: "rent-roll.csv", encoding: "text", content: "Tenant,Size SF,Annual Rent\nCafe,2000,40000\n" },
  spaces: { fileName: "spaces.csv", encoding: "text", content: "Suite,Size SF\n100,2000\n" },
} as const;
const onImport = (kind: keyof typeof IMPORT_FILES) => async ({ ctx, admin }: Fixtures) => {
  const listing = await createListing(ctx.db);
  const { importId } = (await admin.agent.post(`/api/listings/${listing.id}/${kind}/import`).send(IMPORT_FILES[kind]).expect(201)).body as { importId: number };
  return { path: `/api/listings/${listing.id}/${kind}/imports/${importId}/undo` };
};
// Who edits the rent roll or the spaces imports them and undoes an import of them.
const importRows = (kind: keyof typeof IMPORT_FILES): AccessRow[] => [
  { route: `POST /api/listings/:id/${kind}/import/preview`, request: async (f) => ({ ...(await onNewListing(`/${kind}/import/preview`)(f)), body: IMPORT_FILES[kind] }), expect: signedIn(200) },
  { route: `POST /api/listings/:id/${kind}/import`, request: async (f) => ({ ...(await onNewListing(`/${kind}/import`)(f)), body: IMPORT_FILES[kind] }), expect: signedIn(201) },
  { route: `POST /api/listings/:id/${kind}/imports/:importId/undo`, request: onImport(kind), expect: signedIn(200) },
];

export const rows: AccessRow[] = [
  { route: "GET /api/listings/:id/spaces", request: onNewListing("/spaces"), expect: signedIn(200) },
  { route: "POST /api/listings/:id/spaces", request: async (f) => ({ ...(await onNewListing("/spaces")(f)), body: { suite: "200", sizeSf: "2,400 SF" } }), expect: signedIn(201) },
  { route: "PATCH /api/listings/:id/spaces/:spaceId", request: async (f) => ({ ...(await onSpace(f)), body: { rate: "$19.00" } }), expect: signedIn(200) },
  { route: "DELETE /api/listings/:id/spaces/:spaceId", request: onSpace, expect: signedIn(204) },
  { route: "GET /api/listings/:id/rent-roll", request: onNewListing("/rent-roll"), expect: signedIn(200) },
  {
    route: "POST /api/listings/:id/rent-roll",
    request: async (f) => ({ ...(await onNewListing("/rent-roll")(f)), body: { tenant: "Cafe", sizeSf: 2000, annualRent: "$40,000" } }),
    expect: signedIn(201),
  },
  { route: "PATCH /api/listings/:id/rent-roll/:tenantId", request: async (f) => ({ ...(await onTenant(f)), body: { annualRent: 41_000 } }), expect: signedIn(200) },
  { route: "DELETE /api/listings/:id/rent-roll/:tenantId", request: onTenant, expect: signedIn(204) },
  ...importRows("rent-roll"),
  ...importRows("spaces"),
  { route: "GET /api/listings/:id/operating-statement", request: onNewListing("/operating-statement"), expect: signedIn(200) },
  {
    route: "PUT /api/listings/:id/operating-statement",
    request: async (f) => ({ ...(await onNewListing("/operating-statement")(f)), body: { t12: { income: [{ category: "Base rent", amount: 40_000 }], expenses: [] } } }),
    expect: signedIn(200),
  },
];
