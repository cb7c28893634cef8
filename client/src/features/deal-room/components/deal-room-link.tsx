import { FolderLock } from "lucide-react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { useListingDocuments } from "../api/documents";

/** The listing detail's way into its deal room, with how many documents it holds. */
export function DealRoomLink({ listingId }: { listingId: string }) {
  const documents = useListingDocuments(listingId);
  const count = documents.data?.length;
  return (
    <div className="grid gap-2">
      <p className="text-sm text-muted-foreground" data-testid="deal-room-count">
        {count === undefined ? "Documents behind a confidentiality agreement" : count === 0 ? "No documents yet" : `${count} document${count === 1 ? "" : "s"}`}
      </p>
      <Button variant="outline" className="justify-start" asChild>
        <Link href={`/listings/${encodeURIComponent(listingId)}/room`} data-testid="deal-room-link">
          <FolderLock aria-hidden />
          Open the deal room
        </Link>
      </Button>
    </div>
  );
}
