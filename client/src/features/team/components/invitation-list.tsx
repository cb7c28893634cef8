import { Copy, Mail, MailPlus } from "lucide-react";
import { Badge, type BadgeProps } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmActionButton } from "@/components/ui/confirm-action-button";
import { EmptyState, LoadFailed } from "@/components/ui/empty-state";
import { toastError, toastSuccess } from "@/components/ui/use-toast";
import { copyText } from "@/lib/clipboard";
import { formatDate, isoDate } from "@/lib/format-date";
import { useCancelInvitation } from "../api/cancel-invitation";
import { useInvitations, type InvitationItem } from "../api/get-invitations";
import { TeamListSkeleton, TeamRowLead } from "./team-list-parts";

const STATUS: Record<InvitationItem["status"], { label: string; variant: BadgeProps["variant"] }> = {
  pending: { label: "Pending", variant: "warning" },
  accepted: { label: "Accepted", variant: "success" },
  expired: { label: "Expired", variant: "muted" },
};

function CancelInvitationButton({ invitation }: { invitation: InvitationItem }) {
  const cancel = useCancelInvitation();
  return (
    <ConfirmActionButton
      label="Cancel"
      ariaLabel={`Cancel invitation for ${invitation.email}`}
      pending={cancel.isPending}
      title="Cancel this invitation?"
      description={`The invite link for ${invitation.email} will stop working. You can invite them again later.`}
      cancelLabel="Keep Invitation"
      confirmLabel="Cancel Invitation"
      onConfirm={() => cancel.mutate(invitation.id)}
    />
  );
}

function InvitationRow({ invitation }: { invitation: InvitationItem }) {
  const status = STATUS[invitation.status] ?? STATUS.expired;
  const link = invitation.status === "pending" ? invitation.inviteLink : null;
  return (
    <li className="flex flex-col gap-3 px-4 py-3.5 sm:flex-row sm:items-center sm:gap-4 sm:px-5" data-testid="invitation-row">
      <TeamRowLead icon={Mail}>
        <span className="truncate font-medium">{invitation.email}</span>
        <span className="text-xs text-muted-foreground">
          Invited <time dateTime={isoDate(invitation.createdAt)}>{formatDate(invitation.createdAt)}</time>
        </span>
      </TeamRowLead>
      <div className="flex items-center gap-2 pl-12 sm:pl-0">
        <Badge variant={status.variant}>{status.label}</Badge>
        {link ? (
          <div className="ml-auto flex items-center gap-1 sm:ml-2">
            <Button
              variant="outline"
              size="sm"
              aria-label={`Copy invite link for ${invitation.email}`}
              onClick={async () => {
                if (await copyText(link)) toastSuccess(`Invitation link for ${invitation.email} copied to clipboard`);
                else toastError("Failed to copy to clipboard");
              }}
            >
              <Copy aria-hidden />
              Copy Link
            </Button>
            <CancelInvitationButton invitation={invitation} />
          </div>
        ) : null}
      </div>
    </li>
  );
}

export function InvitationList() {
  const invitations = useInvitations();

  if (invitations.isPending) return <TeamListSkeleton label="Loading invitations" withDate />;

  if (invitations.isError) {
    return (
      <LoadFailed
        icon={Mail}
        title="Failed to load invitations"
        error={invitations.error}
        onRetry={() => void invitations.refetch()}
      />
    );
  }

  if (invitations.data.length === 0) {
    return (
      <EmptyState
        icon={MailPlus}
        title="No invitations yet"
        description="Invite a teammate to create a one-time sign-up link for them."
      />
    );
  }

  return (
    <Card>
      <ul className="divide-y" aria-label="Invitations">
        {invitations.data.map((invitation) => (
          <InvitationRow key={invitation.id} invitation={invitation} />
        ))}
      </ul>
    </Card>
  );
}
