import { ArrowLeft } from "lucide-react";
import { Link, useParams } from "wouter";
import { Button } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { useRoomListingName } from "../api/documents";
import { ActivityPanel } from "./activity-panel";
import { DocumentsPanel } from "./documents-panel";
import { GrantsPanel } from "./grants-panel";
import { RoomRulesPanel } from "./room-rules-panel";

/**
 * A listing's deal room, /listings/:id/room: its documents, its rules and its buyers, each panel a
 * sibling section of its own.
 */
export function RoomPage() {
  const { id = "" } = useParams<{ id: string }>();
  const name = useRoomListingName(id);
  return (
    <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-5" data-testid="deal-room-page">
      <Button variant="ghost" size="sm" className="justify-self-start" asChild>
        <Link href={`/listings/${encodeURIComponent(id)}`}>
          <ArrowLeft aria-hidden />
          {name.data ?? "Listing"}
        </Link>
      </Button>
      <PageHeader
        title="Deal room"
        description={name.data ? `What buyers of ${name.data} may see, and who sees what.` : "What buyers of this listing may see, and who sees what."}
      />
      <div className="grid min-w-0 gap-6 lg:grid-cols-2">
        <RoomRulesPanel listingId={id} />
        <GrantsPanel listingId={id} />
      </div>
      <DocumentsPanel listingId={id} />
      <ActivityPanel listingId={id} />
    </div>
  );
}
