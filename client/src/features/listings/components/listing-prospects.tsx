// The listing's prospect board (the leads feature's), with the listing's half of the
// Under-contract offer: its deal stage saved through the listing's PATCH with If-Match, as the
// deal board saves it.
import { useCallback } from "react";
import { ProspectsPanel } from "@/features/leads/components/prospects-panel";
import { toast, toastError } from "@/components/ui/use-toast";
import type { ListingWithMeta } from "../api/listing-types";
import { useMoveListingStage } from "../api/move-listing-stage";

const UNDER_CONTRACT = "Under Contract";

export function ListingProspects({ listingId, listing }: { listingId: string; listing: ListingWithMeta | undefined }) {
  const onConflict = useCallback(
    () => toastError("The listing changed meanwhile", "Someone saved it since you opened it: its deal stage was not changed. Look again and set it in Edit."),
    [],
  );
  const { mutate: moveStage } = useMoveListingStage(onConflict);
  const offer =
    listing && listing.dealStage !== UNDER_CONTRACT
      ? () =>
          moveStage(
            { id: listing.id, dealStage: UNDER_CONTRACT, version: listing.version },
            { onSuccess: () => toast({ title: "Deal stage set to Under Contract", variant: "success" }) },
          )
      : undefined;
  return <ProspectsPanel listingId={listingId} onUnderContract={offer} />;
}
