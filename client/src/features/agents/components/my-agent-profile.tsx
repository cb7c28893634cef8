// Your account: the agent profile that is me, made
// here when I have none, and whether I hear of inquiries about its listings.
import { BadgeCheck, UserPlus } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { useUser } from "@/features/auth/api/get-user";
import { InquiryAlertSwitch } from "@/features/leads/components/inquiry-alerts-section";
import { useAgents } from "../api/get-agents";
import { useCreateOwnProfile } from "../api/link-agent";
import { profileOf } from "../lib/member-links";

const listingCountLabel = (n: number) => (n === 1 ? "1 listing" : `${n} listings`);

export function MyAgentProfile() {
  const { user } = useUser();
  const agents = useAgents();
  const create = useCreateOwnProfile();
  const mine = profileOf(user?.id, agents.data ?? []);
  return (
    <Card className="grid gap-4 p-5" data-testid="my-agent-profile">
      <div className="grid gap-1">
        <h2 className="font-semibold">Agent profile</h2>
        {mine ? (
          <p className="flex items-center gap-1.5 text-sm">
            <BadgeCheck className="size-4 text-primary" aria-hidden />
            You are the agent “{mine.name}” ({listingCountLabel(mine.listingCount)}). They are your “My listings”.
          </p>
        ) : (
          <p className="text-sm text-muted-foreground">
            No agent profile is linked to you. If the team already has one for you, an admin can link it on the Agents page; or make your own.
          </p>
        )}
      </div>
      {!mine && agents.data ? (
        <Button className="justify-self-start" disabled={create.isPending} onClick={() => create.mutate({})}>
          <UserPlus aria-hidden /> Create my agent profile
        </Button>
      ) : null}
      <InquiryAlertSwitch choice="myListings" />
    </Card>
  );
}
