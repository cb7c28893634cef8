// In Settings: the team's follow-up days (admins change them, 1-90) and my daily digest of the
// prospects needing one (off unless chosen).
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Switch } from "@/components/ui/switch";
import { toast, toastError } from "@/components/ui/use-toast";
import { ApiError, errorMessage } from "@/lib/api-client";
import { useFollowUpDays, useProspectDigest, useSaveFollowUpDays, useSaveProspectDigest } from "../api/prospects";

/** Mounted once the days are read, starting from them. */
function FollowUpDaysForm({ days }: { days: number }) {
  const save = useSaveFollowUpDays();
  const [value, setValue] = useState(String(days));
  const [error, setError] = useState<string>();
  return (
    <form
      noValidate
      className="flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        setError(undefined);
        save.mutate(Number(value), {
          onSuccess: (saved) => toast({ title: `Follow-ups after ${saved.days} days`, variant: "success" }),
          onError: (err) => (err instanceof ApiError && err.fieldErrors?.days ? setError(err.fieldErrors.days) : toastError("Could not save", errorMessage(err))),
        });
      }}
    >
      <FormField label="Days without activity before a follow-up" error={error} className="w-64">
        <Input type="number" inputMode="numeric" min={1} max={90} value={value} onChange={(e) => setValue(e.target.value)} />
      </FormField>
      {/* Named apart from the Settings form's own Save, a few cards above. */}
      <Button type="submit" variant="outline" loading={save.isPending}>
        Save days
      </Button>
    </form>
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
