// Inquiry alerts, each person's own (docs/decisions/351-who-hears-of-an-inquiry.md): "All
// inquiries" in Settings, "Inquiries about my listings" in Your account.
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { Switch } from "@/components/ui/switch";
import { toastError } from "@/components/ui/use-toast";
import { errorMessage } from "@/lib/api-client";
import { useInquiryAlerts, useSaveInquiryAlerts, type InquiryAlerts } from "../api/leads";

const COPY = {
  enabled: {
    label: "All inquiries",
    description: "Tell me (in the bell, and by email when the server sends mail) of every inquiry made through a listing's public page, whoever its agent is.",
  },
  myListings: {
    label: "Inquiries about my listings",
    description: "Tell me of inquiries about the listings assigned to my agent profile. When this is off, the page says “our team will be in touch” and the admins are told instead.",
  },
} as const;

/** One switch of my inquiry alerts. */
export function InquiryAlertSwitch({ choice }: { choice: keyof InquiryAlerts }) {
  const alerts = useInquiryAlerts();
  const save = useSaveInquiryAlerts();
  const id = `inquiry-alerts-${choice}`;
  return (
    <div className="grid gap-1">
      <div className="flex items-center justify-between gap-3">
        <label htmlFor={id} className="font-semibold">
          {COPY[choice].label}
        </label>
        {/* Until the choice is read, no switch: a disabled one would say "off" to a person and a screen reader. */}
        {alerts.data ? (
          <Switch
            id={id}
            checked={alerts.data[choice]}
            disabled={save.isPending}
            onCheckedChange={(on) => save.mutate({ [choice]: on }, { onError: (err) => toastError("Could not save", errorMessage(err)) })}
          />
        ) : (
          <Skeleton className="h-5 w-9 rounded-full" />
        )}
      </div>
      <p className="text-sm text-muted-foreground">{COPY[choice].description}</p>
    </div>
  );
}

export function InquiryAlertsSection() {
  return (
    <Card className="grid gap-2 p-5">
      <InquiryAlertSwitch choice="enabled" />
    </Card>
  );
}
