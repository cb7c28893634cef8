// In Settings: the team's follow-up days (admins change them, 1-90) and my daily digest of the
// prospects needing one (off unless chosen).
import { Card } from "@/components/ui/card";
import { OneFieldForm } from "@/components/ui/one-field-form";
import { Switch } from "@/components/ui/switch";
import { toastError } from "@/components/ui/use-toast";
import { errorMessage } from "@/lib/api-client";
import { useFollowUpDays, useProspectDigest, useSaveFollowUpDays, useSaveProspectDigest } from "../api/prospects";

/** Mounted once the days are read, starting from them. */
function FollowUpDaysForm({ days }: { days: number }) {
  return (
    <OneFieldForm
      label="Days without activity before a follow-up"
      errorKey="days"
      initialValue={String(days)}
      fieldClassName="w-64"
      input={{ type: "number", inputMode: "numeric", min: 1, max: 90 }}
      submitLabel="Save days"
      save={useSaveFollowUpDays()}
      toValue={Number}
      savedTitle={(saved) => `Follow-ups after ${saved.days} days`}
    />
  );
}

/** `isAdmin`: the signed-in member may change the team's days. */
export function FollowUpSettingsSection({ isAdmin }: { isAdmin: boolean }) {
  const digest = useProspectDigest();
  const saveDigest = useSaveProspectDigest();
  const days = useFollowUpDays().data?.days;
  return (
    <Card className="grid gap-4 p-5" data-testid="follow-up-settings">
      <h2 className="font-semibold">Prospect follow-ups</h2>
      {isAdmin ? (
        days !== undefined && <FollowUpDaysForm days={days} />
      ) : (
        <p className="text-sm text-muted-foreground">A prospect needs a follow-up after {days ?? "…"} days without activity (admins change this).</p>
      )}
      <div className="flex items-center justify-between gap-3">
        <label htmlFor="prospect-digest" className="text-sm font-medium">
          Daily digest email
        </label>
        <Switch
          id="prospect-digest"
          checked={digest.data?.enabled ?? false}
          disabled={!digest.data || saveDigest.isPending}
          onCheckedChange={(enabled) => saveDigest.mutate(enabled, { onError: (err) => toastError("Could not save", errorMessage(err)) })}
        />
      </div>
      <p className="-mt-2 text-sm text-muted-foreground">Each morning, email me the prospects needing a follow-up, per listing (when the server sends mail).</p>
    </Card>
  );
}
