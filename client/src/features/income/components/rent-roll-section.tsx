// The listing's rent roll: its tenants and the figures computed from them (occupancy, WALT,
// in-place rent, the expiration schedule).
import type { Tenant } from "@shared/rent-roll";
import { formatCalendarDate } from "@shared/parse/dates";
import { groupDigits } from "@shared/parse/decimal";
import { formatDollars, formatDollarsAndCents } from "@shared/parse/money";
import { useRentRoll, useRowChanges } from "../api/income";
import { IncomeImportToggle } from "./income-import";
import { asText, type RowField } from "./row-editor";
import { RowTable, type Column } from "./row-table";

const FIELDS: RowField[] = [
  { name: "tenant", label: "Tenant", required: true },
  { name: "suite", label: "Suite" },
  { name: "sizeSf", label: "Size (SF)", required: true, placeholder: "2,000 SF" },
  { name: "annualRent", label: "Annual rent", required: true, placeholder: "$48,000" },
  { name: "leaseStart", label: "Lease start", placeholder: "1/1/2025" },
  { name: "leaseEnd", label: "Lease end", placeholder: "12/31/2030" },
  { name: "reimbursements", label: "Reimbursements", placeholder: "NNN" },
  { name: "options", label: "Options", placeholder: "Two 5-year renewals" },
  { name: "notes", label: "Notes (internal)", long: true },
];

const COLUMNS: Column<Tenant>[] = [
  { label: "Tenant", cell: (t) => t.tenant },
  { label: "Suite", cell: (t) => t.suite ?? "—" },
  { label: "Size", cell: (t) => `${groupDigits(t.sizeSf)} SF` },
  { label: "Annual rent", cell: (t) => formatDollars(t.annualRent) },
  { label: "Rent/SF", cell: (t) => formatDollarsAndCents(t.rentPerSf) },
  { label: "Lease", cell: (t) => [t.leaseStart, t.leaseEnd].map((d) => (d ? formatCalendarDate(d) : "—")).join(" – ") },
  { label: "Reimb.", cell: (t) => t.reimbursements ?? "—" },
];

const percent = (n: number | null) => (n === null ? "—" : `${(n * 100).toFixed(1)}%`);

export function RentRollSection({ listingId }: { listingId: string }) {
  const { data: roll, isPending, isError } = useRentRoll(listingId);
  const changes = useRowChanges(listingId, "rent-roll");
  if (isPending) return <p className="text-sm text-muted-foreground">Loading the rent roll…</p>;
  if (isError) return <p className="text-sm text-destructive">Could not load the rent roll.</p>;
  return (
    <div className="grid gap-3">
      {roll.tenants.length > 0 ? (
        <dl className="grid grid-cols-3 gap-3 text-sm" data-testid="rent-roll-figures">
          <div>
            <dt className="text-xs text-muted-foreground">Occupancy</dt>
            <dd className="font-semibold">{percent(roll.occupancy)}</dd>
          </div>
          <div>
            <dt className="text-xs text-muted-foreground">WALT</dt>
            <dd className="font-semibold">{roll.walt === null ? "—" : `${roll.walt.toFixed(1)} years`}</dd>
          </div>
          <div>
            <dt className="text-xs text-muted-foreground">In-place rent</dt>
            <dd className="font-semibold">{formatDollars(roll.inPlaceRent)}</dd>
          </div>
        </dl>
      ) : null}
      {roll.expirations.length > 0 ? (
        <p className="text-xs text-muted-foreground">
          Expirations:{" "}
          {roll.expirations.map((e) => `${e.year}: ${groupDigits(e.sizeSf)} SF, ${formatDollars(e.annualRent)}`).join(" · ")}
        </p>
      ) : null}
      <IncomeImportToggle kind="rent-roll" listingId={listingId} />
      <RowTable
        noun="tenant"
        rows={roll.tenants}
        columns={COLUMNS}
        name={(t) => t.tenant}
        fields={FIELDS}
        blank={{}}
        formValues={(t) => Object.fromEntries(FIELDS.map((f) => [f.name, asText(t[f.name as keyof Tenant])]))}
        onAdd={(body) => changes.add.mutateAsync(body)}
        onPatch={(id, body) => changes.patch.mutateAsync({ id, body })}
        onRemove={(id) => changes.remove.mutate(id)}
        empty="No tenants yet: add the leases in place to compute occupancy, WALT and in-place rent."
      />
    </div>
  );
}
