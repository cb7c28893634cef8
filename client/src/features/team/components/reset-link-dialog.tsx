import { Check, Copy, KeyRound } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { toastError, toastSuccess } from "@/components/ui/use-toast";
import { copyText } from "@/lib/clipboard";
import { useCreateResetLink } from "../api/create-reset-link";
import type { MemberItem } from "../api/get-members";

interface Created {
  link: string;
  copied: boolean;
}

/** "Create reset link": makes a one-time link, copies it, and shows it to copy again by hand. */
export function ResetLinkButton({ member }: { member: MemberItem }) {
  const create = useCreateResetLink();
  const [created, setCreated] = useState<Created | null>(null);

  const copy = async (link: string) => {
    const copied = await copyText(link);
    if (copied) toastSuccess(`Reset link for ${member.username} copied to clipboard`);
    else toastError("Failed to copy to clipboard", "Select the link and copy it by hand.");
    return copied;
  };

  return (
    <>
      <Button
        variant="outline"
        size="sm"
        loading={create.isPending}
        aria-label={`Create reset link for ${member.username}`}
        onClick={() =>
          create.mutate(member.id, {
            onSuccess: async ({ resetLink }) => setCreated({ link: resetLink, copied: await copy(resetLink) }),
          })
        }
      >
        <KeyRound aria-hidden />
        Create reset link
      </Button>
      <Dialog open={created !== null} onOpenChange={(open) => !open && setCreated(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Reset link for {member.username}</DialogTitle>
            <DialogDescription>
              {created?.copied ? "The link is on your clipboard. " : ""}
              Send it to {member.username}: it sets a new password once, within an hour, and signs them out everywhere else.
            </DialogDescription>
          </DialogHeader>
          <div className="flex gap-2">
            <Input
              readOnly
              value={created?.link ?? ""}
              aria-label="Reset link"
              data-testid="reset-link"
              className="font-mono text-xs"
              onFocus={(event) => event.currentTarget.select()}
            />
            <Button
              variant="outline"
              onClick={async () => created && setCreated({ ...created, copied: await copy(created.link) })}
            >
              {created?.copied ? <Check aria-hidden /> : <Copy aria-hidden />}
              {created?.copied ? "Copied" : "Copy"}
            </Button>
          </div>
          <DialogFooter>
            <Button onClick={() => setCreated(null)}>Done</Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
