import { factRows } from "@shared/listing-facts";
import { Button } from "@/components/ui/button";
import { useRecreateListing } from "../api/recreate-listing";

const TEXT_FIELDS: [string, string][] = [
  ["listingName", "Listing Name"],
  ["address", "Address"],
  ["city", "City"],
  ["state", "State"],
  ["offeringType", "Offering Type"],
  ["marketingCategory", "Marketing Category"],
  ["propertyDescription", "Property Description"],
];

/** A deleted listing as the log kept it, and the admins' way back: a new listing made from it. */
export function DeletedListing({ snapshot }: { snapshot: Record<string, unknown> }) {
  const recreate = useRecreateListing();
  const rows = [
    ...TEXT_FIELDS.filter(([field]) => snapshot[field]).map(([field, label]) => ({ label, value: String(snapshot[field]) })),
    ...factRows(snapshot),
  ];
  return (
    <details className="grid gap-2 rounded-md border bg-muted/40 p-2 text-sm" data-testid="deleted-listing">
      <summary className="cursor-pointer font-medium">View the deleted listing</summary>
      <dl className="mt-2 grid gap-2 sm:grid-cols-2">
        {rows.map((row) => (
          <div key={row.label} className="grid min-w-0 gap-0.5">
            <dt className="text-xs text-muted-foreground">{row.label}</dt>
            <dd className="break-words">{row.value}</dd>
          </div>
        ))}
      </dl>
      <Button
        className="mt-2 justify-self-start"
        size="sm"
        loading={recreate.isPending}
        disabled={recreate.isSuccess}
        onClick={() => recreate.mutate(snapshot)}
      >
        {recreate.isSuccess ? "Recreated" : "Recreate as a new listing"}
      </Button>
    </details>
  );
}
