import { History, ShieldCheck } from "lucide-react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { useUser } from "@/features/auth/api/get-user";
import { InvitationList } from "./invitation-list";
import { InviteDialog } from "./invite-dialog";
import { MemberList } from "./member-list";

export function TeamPage() {
  const { user } = useUser();

  // Members can reach /team by typing it; the server refuses them anyway, so say why up front.
  if (!user?.isAdmin) {
    return (
      <div className="grid gap-6">
        <PageHeader title="Team Management" description="Invitations for new teammates." />
        <EmptyState
          icon={ShieldCheck}
          title="Only admins can manage the team"
          description="Ask an admin if someone new needs an invitation."
        />
      </div>
    );
  }

  return (
    <div className="grid gap-6">
      <PageHeader
        title="Team Management"
        description="Invite teammates by link and keep track of who has joined."
        actions={
          <div className="flex flex-wrap gap-2">
            <Button asChild variant="outline">
              <Link href="/audit">
                <History aria-hidden />
                Audit Log
              </Link>
            </Button>
            <InviteDialog />
          </div>
        }
      />
      <section className="grid gap-3" aria-labelledby="members-heading">
        <h2 id="members-heading" className="text-lg font-semibold">
          Members
        </h2>
        <MemberList />
      </section>
      <section className="grid gap-3" aria-labelledby="invitations-heading">
        <h2 id="invitations-heading" className="text-lg font-semibold">
          Invitations
        </h2>
        <InvitationList />
      </section>
    </div>
  );
}
