import { PageHeader } from "@/components/ui/page-header";

export function NotInUsePage() {
  return (
    <div className="grid gap-6">
      <PageHeader title="Not In Use" description="Inactive listings, kept here until they go back on the market." />
      {/* The inactive listings list belongs here (Not In Use issue). */}
    </div>
  );
}
