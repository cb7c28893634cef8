// The listing detail's income sections: spaces, rent roll and operating statement
// (docs/guides/spaces-and-income.md). The listing feature renders this one component.
import { useId, type ReactNode } from "react";
import { OperatingStatementEditor } from "./operating-statement-editor";
import { RentRollSection } from "./rent-roll-section";
import { SpacesSection } from "./spaces-section";

function Panel({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="grid gap-3 rounded-xl border bg-surface p-4">
      <h3 id={id} className="text-sm font-semibold">
        {title}
      </h3>
      {children}
    </section>
  );
}

export function ListingIncome({ listingId }: { listingId: string }) {
  return (
    <div className="grid gap-5">
      <Panel title="Spaces">
        <SpacesSection listingId={listingId} />
      </Panel>
      <Panel title="Rent roll">
        <RentRollSection listingId={listingId} />
      </Panel>
      <Panel title="Operating statement">
        <OperatingStatementEditor listingId={listingId} />
      </Panel>
    </div>
  );
}
