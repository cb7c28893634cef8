// The members' "Room rules": whether the listing's public page takes requests for the offering
// memorandum, whether a CA is signed first, how signers are approved, which agreement, and how
// long access lasts (docs/guides/deal-room.md).
import { useId, useState } from "react";
import { type RoomApproval, type RoomRulesInput } from "@shared/deal-room";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { Switch } from "@/components/ui/switch";
import { toastError, toastSuccess } from "@/components/ui/use-toast";
import { ApiError, errorMessage } from "@/lib/api-client";
import { useCaTemplates } from "../api/ca-templates";
import { useRoomRules, useSaveRoomRules, type RoomRulesReply } from "../api/room-rules";

const APPROVAL_LABELS: Record<RoomApproval, string> = {
  auto: "At once, when they sign",
  "auto-principals": "Principals at once; brokers after a member approves",
  manual: "After a member approves",
};

function Toggle({ label, checked, onChange }: { label: string; checked: boolean; onChange(on: boolean): void }) {
  const id = useId();
  return (
    <div className="flex items-center justify-between gap-3">
      <label htmlFor={id} className="text-sm">
        {label}
      </label>
      <Switch id={id} checked={checked} onCheckedChange={onChange} />
    </div>
  );
}

function RulesForm({ listingId, rules }: { listingId: string; rules: RoomRulesReply }) {
  const save = useSaveRoomRules(listingId);
  const templates = useCaTemplates().data ?? [];
  const [form, setForm] = useState<RoomRulesInput>({ enabled: rules.enabled, caRequired: rules.caRequired, approval: rules.approval, caTemplateId: rules.caTemplateId, accessDays: rules.accessDays });
  const [days, setDays] = useState(String(rules.accessDays));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (change: Partial<RoomRulesInput>) => setForm((f) => ({ ...f, ...change }));
  return (
    <form
      noValidate
      className="grid gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        setErrors({});
        const trimmed = days.trim();
        if (!/^\d+$/.test(trimmed)) return setErrors({ accessDays: "Access days must be a whole number of days" });
        save.mutate(
          { ...form, accessDays: Number(trimmed) },
          {
            onSuccess: () => toastSuccess("Room rules saved"),
            onError: (err) => (err instanceof ApiError && err.fieldErrors ? setErrors(err.fieldErrors) : toastError("Could not save", errorMessage(err))),
          },
        );
      }}
    >
      <Toggle label="Take requests from the public page" checked={form.enabled} onChange={(enabled) => set({ enabled })} />
      {form.enabled && !rules.mailReady ? (
        <p className="text-sm text-warning" role="note">
          This server sends no email (SMTP is not set up), so buyers will not receive their signing links.
        </p>
      ) : null}
      <Toggle label="Buyers sign a confidentiality agreement first" checked={form.caRequired} onChange={(caRequired) => set({ caRequired })} />
      <FormField label="Who gets in" error={errors.approval}>
        <NativeSelect value={form.approval} onChange={(e) => set({ approval: e.target.value as RoomApproval })}>
          {(Object.keys(APPROVAL_LABELS) as RoomApproval[]).map((a) => (
            <option key={a} value={a}>
              {APPROVAL_LABELS[a]}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField label="Agreement" error={errors.caTemplateId}>
        <NativeSelect value={form.caTemplateId ?? ""} onChange={(e) => set({ caTemplateId: e.target.value === "" ? null : Number(e.target.value) })}>
          <option value="">The default agreement</option>
          {templates.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name} (version {t.version})
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField label="Days of access" error={errors.accessDays} hint="Closing the deal (Closed, Withdrawn or Expired) ends every buyer's access at once.">
        <Input inputMode="numeric" value={days} onChange={(e) => setDays(e.target.value)} className="max-w-32" />
      </FormField>
      <div>
        <Button type="submit" loading={save.isPending}>
          Save rules
        </Button>
      </div>
    </form>
  );
}

export function RoomRulesPanel({ listingId }: { listingId: string }) {
  const rules = useRoomRules(listingId);
  return (
    <Card className="grid gap-3 p-5" data-testid="room-rules">
      <h2 className="font-semibold">Room rules</h2>
      {rules.data ? <RulesForm listingId={listingId} rules={rules.data} /> : <p className="text-sm text-muted-foreground">{rules.isError ? errorMessage(rules.error) : "Loading…"}</p>}
    </Card>
  );
}
