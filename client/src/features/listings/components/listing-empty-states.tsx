// What the listings screen says when it has no listing to show: they load as their own chunk,
// since a first page with listings (the usual one) never draws them.
import { Archive, Building2, Plus, RotateCw } from "lucide-react";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";

/** The list could not be read and none was shown before. */
export function ListingsLoadError({ message, onRetry }: { message: string; onRetry(): void }) {
  return (
    <EmptyState
      icon={RotateCw}
      title="Could not load listings"
      description={message}
      action={
        <Button variant="outline" onClick={onRetry}>
          Try again
        </Button>
      }
    />
  );
}

/** No listing to show: none at all, or none matching the search and filters. */
export function NoListings({ active, filtered, onClear, onAddListing }: { active: boolean; filtered: boolean; onClear(): void; onAddListing?: () => void }) {
  if (!active) {
    return (
      <EmptyState
        icon={Archive}
        title="No inactive listings"
        description={filtered ? "No inactive listing matches your search and filters." : "Listings you switch off are kept here until they go back on the market."}
      />
    );
  }
  return (
    <EmptyState
      icon={Building2}
      title="No listings found"
      description={filtered ? "No active listing matches your search and filters." : "Add a property or business to start marketing it."}
      action={
        filtered ? (
          <Button variant="outline" onClick={onClear}>
            Clear search and filters
          </Button>
        ) : onAddListing ? (
          <Button onClick={onAddListing}>
            <Plus aria-hidden />
            Add your first listing
          </Button>
        ) : null
      }
    />
  );
}
