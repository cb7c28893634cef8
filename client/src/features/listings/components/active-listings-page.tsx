import { PageHeader } from "@/components/ui/page-header";

export function ActiveListingsPage() {
  return (
    <div className="grid gap-6">
      <PageHeader title="Active Listings" description="Properties and businesses your team is marketing right now." />
      {/* The listings grid, filters and header actions belong here (Active Listings issue). */}
    </div>
  );
}
