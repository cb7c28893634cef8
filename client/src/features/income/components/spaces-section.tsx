// The listing's lease spaces: the table (cards on a phone), their add / edit / delete, and the
// range they make, printed as every screen prints it (shared/spaces-summary.ts).
import { formatCalendarDate } from "@shared/parse/dates";
import { groupDigits } from "@shared/parse/decimal";
import { formatDollarsAndCents } from "@shared/parse/money";
import { SPACE_LEASE_TYPES, SPACE_RATE_UNITS, SPACE_STATUSES, type Space } from "@shared/space-choices";
import { rateUnitShort, spacesRangeText, spacesSummary } from "@shared/spaces-summary";
import { useRowChanges, useSpaces } from "../api/income";
import type { RowField } from "./row-editor";
import { asText } from "./row-editor";
import { IncomeImportToggle } from "./income-import";
import { RowTable, type Column } from "./row-table";

const FIELDS: RowField[] = [
  { name: "suite", label: "Suite", required: true, placeholder: "200" },
  { name: "floor", label: "Floor", placeholder: "2" },
  { name: "sizeSf", label: "Size (SF)", required: true, placeholder: "2,400 SF" },
  { name: "minDivisibleSf", label: "Min. divisible (SF)", placeholder: "1,200 SF" },
  { name: "rate", label: "Rate", placeholder: "$18.50" },
  { name: "rateUnit", label: "Rate unit", choices: SPACE_RATE_UNITS },
  { name: "leaseType", label: "Lease type", choices: SPACE_LEASE_TYPES, optional: true },
  { name: "availableOn", label: "Available on", placeholder: "3/1/2027" },
  { name: "status", label: "Status", choices: SPACE_STATUSES },
  { name: "spaceType", label: "Space type", placeholder: "Office" },
  { name: "description", label: "Description", long: true },
];
const BLANK = { rateUnit: "SF/yr", status: "available" };

const COLUMNS: Column<Space>[] = [
  { label: "Suite", cell: (s) => (s.floor ? `${s.suite} (floor ${s.floor})` : s.suite) },
  { label: "Size", cell: (s) => `${groupDigits(s.sizeSf)} SF${s.minDivisibleSf ? ` (min. ${groupDigits(s.minDivisibleSf)})` : ""}` },
  { label: "Rate", cell: (s) => (s.rate !== null ? `${formatDollarsAndCents(s.rate)}${rateUnitShort(s.rateUnit)}` : "—") },
  { label: "Lease type", cell: (s) => s.leaseType ?? "—" },
  { label: "Available", cell: (s) => (s.availableOn ? formatCalendarDate(s.availableOn) : "Now") },
  { label: "Status", cell: (s) => s.status },
];

export function SpacesSection({ listingId }: { listingId: string }) {
  const { data: spaces, isPending, isError } = useSpaces(listingId);
  const changes = useRowChanges(listingId, "spaces");
  if (isPending) return <p className="text-sm text-muted-foreground">Loading spaces…</p>;
  if (isError) return <p className="text-sm text-destructive">Could not load the spaces.</p>;
  const summary = spacesSummary(spaces);
  return (
    <div className="grid gap-3">
      {summary ? (
        <p className="text-sm font-medium" data-testid="spaces-range">
          {spacesRangeText(summary)}
        </p>
      ) : null}
      <IncomeImportToggle kind="spaces" listingId={listingId} />
      <RowTable
        noun="space"
        rows={spaces}
        columns={COLUMNS}
        name={(s) => `Suite ${s.suite}`}
        fields={FIELDS}
        blank={BLANK}
        formValues={(s) => ({ ...Object.fromEntries(FIELDS.map((f) => [f.name, asText(s[f.name as keyof Space])])) })}
        onAdd={(body) => changes.add.mutateAsync(body)}
        onPatch={(id, body) => changes.patch.mutateAsync({ id, body })}
        onRemove={(id) => changes.remove.mutate(id)}
        empty="No spaces yet: add each suite on offer, and the listing shows their range."
      />
    </div>
  );
}
