import { PageHeader } from "@/components/ui/page-header";
import { useInactiveListings } from "../api/get-inactive-listings";
import { ListingsWorkspace } from "./listings-workspace";

export function NotInUsePage() {
  const query = useInactiveListings();
  return (
    <div className="grid gap-6">
      <PageHeader title="Not In Use" description="Inactive listings, kept here until they go back on the market." />
      <ListingsWorkspace folder="inactive" query={query} />
    </div>
  );
}
