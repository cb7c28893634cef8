import { Copy, Mail, MailPlus } from "lucide-react";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/components/ui/alert-dialog";
import { Badge, type BadgeProps } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState, LoadFailed } from "@/components/ui/empty-state";
import { Skeleton } from "@/components/ui/skeleton";
import { toastError, toastSuccess } from "@/components/ui/use-toast";
import { copyText } from "@/lib/clipboard";
import { formatDate, isoDate } from "@/lib/format-date";
import { useCancelInvitation } from "../api/cancel-invitation";
import { useInvitations, type InvitationItem } from "../api/get-invitations";

const STATUS: Record<InvitationItem["status"], { label: string; variant: BadgeProps["variant"] }> = {
  pending: { label: "Pending", variant: "warning" },
  accepted: { label: "Accepted", variant: "success" },
  expired: { label: "Expired", variant: "muted" },
};

function CancelInvitationButton({ invitation }: { invitation: InvitationItem }) {
  const cancel = useCancelInvitation();
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button
          variant="ghost"
          size="sm"
          className="text-destructive hover:bg-destructive/10 hover:text-destructive"
          loading={cancel.isPending}
          aria-label={`Cancel invitation for ${invitation.email}`}
        >
          Cancel
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Cancel this invitation?</AlertDialogTitle>
          <AlertDialogDescription>
            The invite link for {invitation.email} will stop working. You can invite them again later.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Keep Invitation</AlertDialogCancel>
          <AlertDialogAction onClick={() => cancel.mutate(invitation.id)}>Cancel Invitation</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

function InvitationRow({ invitation }: { invitation: InvitationItem }) {
  const status = STATUS[invitation.status] ?? STATUS.expired;
  const link = invitation.status === "pending" ? invitation.inviteLink : null;
  return (
    <li className="flex flex-col gap-3 px-4 py-3.5 sm:flex-row sm:items-center sm:gap-4 sm:px-5" data-testid="invitation-row">
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground">
          <Mail className="size-4" aria-hidden />
        </span>
        <div className="grid min-w-0">
          <span className="truncate font-medium">{invitation.email}</span>
          <span className="text-xs text-muted-foreground">
            Invited <time dateTime={isoDate(invitation.createdAt)}>{formatDate(invitation.createdAt)}</time>
          </span>
        </div>
      </div>
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

  if (invitations.isPending) {
    return (
      <Card aria-busy="true" aria-label="Loading invitations">
        <ul className="divide-y">
          {Array.from({ length: 3 }, (_, i) => (
            <li key={i} className="flex items-center gap-3 px-5 py-4">
              <Skeleton className="size-9 rounded-full" />
              <div className="grid min-w-0 flex-1 gap-2">
                <Skeleton className="h-3.5 w-48 max-w-full" />
                <Skeleton className="h-3 w-24" />
              </div>
              <Skeleton className="h-5 w-16 rounded-full" />
            </li>
          ))}
        </ul>
      </Card>
    );
  }

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
