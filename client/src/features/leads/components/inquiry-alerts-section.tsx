// "New inquiry alerts" in Settings: each person's own (docs/decisions/281-inquiry-alerts.md).
import { Card } from "@/components/ui/card";
import { Switch } from "@/components/ui/switch";
import { toastError } from "@/components/ui/use-toast";
import { errorMessage } from "@/lib/api-client";
import { useInquiryAlerts, useSaveInquiryAlerts } from "../api/leads";

export function InquiryAlertsSection() {
  const alerts = useInquiryAlerts();
  const save = useSaveInquiryAlerts();
  return (
    <Card className="grid gap-2 p-5">
      <div className="flex items-center justify-between gap-3">
        <label htmlFor="inquiry-alerts" className="font-semibold">
          New inquiry alerts
        </label>
        <Switch
          id="inquiry-alerts"
          checked={alerts.data?.enabled ?? false}
          disabled={!alerts.data || save.isPending}
          onCheckedChange={(enabled) => save.mutate(enabled, { onError: (err) => toastError("Could not save", errorMessage(err)) })}
        />
      </div>
      <p className="text-sm text-muted-foreground">Tell me (in the bell, and by email when the server sends mail) when someone asks about a listing through its public page.</p>
    </Card>
  );
}
