import { Plus } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { CsvHeaderActions } from "@/features/csv/components/csv-header-actions";
import { useActiveListings } from "../api/get-active-listings";
import { LazyListingFormDialog } from "./lazy-listing-form-dialog";
import { ListingsWorkspace } from "./listings-workspace";

export function ActiveListingsPage() {
  const query = useActiveListings();
  const [adding, setAdding] = useState(false);
  const add = () => setAdding(true);

  return (
    <div className="grid gap-6">
      <PageHeader
        title="Active Listings"
        description="Properties and businesses your team is marketing right now."
        actions={
          <>
            <CsvHeaderActions />
            <Button onClick={add} onPointerEnter={LazyListingFormDialog.preload} onFocus={LazyListingFormDialog.preload}>
              <Plus aria-hidden />
              Add New Listing
            </Button>
          </>
        }
      />
      <ListingsWorkspace folder="active" query={query} onAddListing={add} />
      <LazyListingFormDialog open={adding} onOpenChange={setAdding} />
    </div>
  );
}
