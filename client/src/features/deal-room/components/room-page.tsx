// The listing's deal room for members: its rules and its buyers. (The documents panel is composed
// here too once the room's documents land.)
import { useParams } from "wouter";
import { PageHeader } from "@/components/ui/page-header";
import { GrantsPanel } from "./grants-panel";
import { RoomRulesPanel } from "./room-rules-panel";

export function RoomPage() {
  const { id } = useParams<{ id: string }>();
  return (
    <div className="grid gap-6">
      <PageHeader title="Deal room" description="Who may read this listing's confidential documents, and on what terms." />
      <div className="grid gap-6 lg:grid-cols-2">
        <RoomRulesPanel listingId={id} />
        <GrantsPanel listingId={id} />
      </div>
    </div>
  );
}
