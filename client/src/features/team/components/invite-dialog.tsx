import { zodResolver } from "@hookform/resolvers/zod";
import { Check, Copy, UserPlus } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { insertInvitationSchema } from "@shared/schema";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { toastError, toastSuccess } from "@/components/ui/use-toast";
import { copyText } from "@/lib/clipboard";
import { useCreateInvitation } from "../api/create-invitation";

type InviteValues = z.input<typeof insertInvitationSchema>;

interface CreatedLink {
  email: string;
  inviteLink: string;
  copied: boolean;
}

function CreatedLinkView({ created, onDone, onAnother }: { created: CreatedLink; onDone: () => void; onAnother: () => void }) {
  const [copied, setCopied] = useState(created.copied);
  return (
    <>
      <DialogHeader>
        <DialogTitle>Invitation created</DialogTitle>
        <DialogDescription>
          {copied
            ? `The invite link for ${created.email} is on your clipboard. Send it to them; it can be used once.`
            : `Copy this link and send it to ${created.email}; it can be used once.`}
        </DialogDescription>
      </DialogHeader>
      <div className="flex gap-2">
        <Input
          readOnly
          value={created.inviteLink}
          aria-label="Invite link"
          data-testid="invite-link"
          className="font-mono text-xs"
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button
          variant="outline"
          onClick={async () => {
            if (await copyText(created.inviteLink)) {
              setCopied(true);
              toastSuccess("Invitation link copied to clipboard");
            } else {
              toastError("Failed to copy to clipboard", "Select the link and copy it by hand.");
            }
          }}
        >
          {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
          {copied ? "Copied" : "Copy"}
        </Button>
      </div>
      <DialogFooter>
        <Button variant="outline" onClick={onAnother}>
          Invite another
        </Button>
        <Button onClick={onDone}>Done</Button>
      </DialogFooter>
    </>
  );
}

export function InviteDialog() {
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState<CreatedLink | null>(null);
  const createInvitation = useCreateInvitation();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<InviteValues, unknown, z.output<typeof insertInvitationSchema>>({
    resolver: zodResolver(insertInvitationSchema),
    defaultValues: { email: "" },
  });

  const startOver = () => {
    setCreated(null);
    reset();
  };

  const onSubmit = handleSubmit((values) =>
    createInvitation.mutate(values, {
      onSuccess: async (invitation) => {
        const copied = await copyText(invitation.inviteLink);
        setCreated({ email: invitation.email, inviteLink: invitation.inviteLink, copied });
        toastSuccess(
          copied
            ? `Invitation link for ${invitation.email} copied to clipboard`
            : `Invitation created for ${invitation.email}. Copy the link from the dialog.`,
        );
      },
    }),
  );

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) startOver();
      }}
    >
      <DialogTrigger asChild>
        <Button>
          <UserPlus aria-hidden />
          Invite Teammate
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-md">
        {created ? (
          <CreatedLinkView created={created} onDone={() => setOpen(false)} onAnother={startOver} />
        ) : (
          <form className="grid gap-5" noValidate onSubmit={onSubmit}>
            <DialogHeader>
              <DialogTitle>Invite a teammate</DialogTitle>
              <DialogDescription>
                We will create a sign-up link for this email address and copy it to your clipboard.
              </DialogDescription>
            </DialogHeader>
            <FormField label="Email" error={errors.email?.message}>
              <Input
                type="email"
                autoComplete="off"
                placeholder="name@company.com"
                required
                autoFocus
                {...register("email")}
              />
            </FormField>
            <DialogFooter>
              <Button variant="outline" onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <Button type="submit" loading={createInvitation.isPending}>
                {createInvitation.isPending ? "Creating..." : "Create Invite Link"}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
