// "Let someone in": a member grants a buyer access to the listing's room without signing here:
// an agreement signed elsewhere, its signed copy (a PDF) uploaded as proof for the team, or the
// agreement waived (docs/guides/deal-room.md, "Grants").
import { useState } from "react";
import { GRANT_LEVELS, type GrantLevel } from "@shared/deal-room";
import { INQUIRER_ROLE_LABELS, INQUIRER_ROLES, type InquirerRole } from "@shared/leads";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { toastError, toastSuccess } from "@/components/ui/use-toast";
import { ApiError, errorMessage } from "@/lib/api-client";
import { useCreateGrant, type NewGrant } from "../api/grants";

const LEVEL_LABELS: Record<GrantLevel, string> = { ca: "Signed CA documents", approved: "Approved documents too" };

/** A chosen day's end, as the end of access: the whole day is theirs. */
const endOfDay = (day: string) => (day ? new Date(`${day}T23:59:59`).toISOString() : undefined);

// Mounted only while open, so each opening starts empty.
function AddGrantForm({ listingId, onDone }: { listingId: string; onDone(): void }) {
  const create = useCreateGrant(listingId);
  const [form, setForm] = useState<Omit<NewGrant, "expiresAt"> & { until: string }>({ name: "", email: "", role: "principal", source: "signed-elsewhere", level: "approved", until: "" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (c: Partial<typeof form>) => setForm((f) => ({ ...f, ...c }));
  const elsewhere = form.source === "signed-elsewhere";
  return (
    <form
      noValidate
      className="grid gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (elsewhere && !form.proof) return setErrors({ proofUrl: "Choose the signed copy of the agreement (a PDF)" });
        setErrors({});
        const { until, ...grant } = form;
        create.mutate(
          { ...grant, company: form.company || undefined, proof: elsewhere ? form.proof : undefined, expiresAt: endOfDay(until) },
          {
            onSuccess: (g) => {
              toastSuccess(`${g.name} can enter the room; the link is on its way by email`);
              onDone();
            },
            onError: (err) => (err instanceof ApiError && err.fieldErrors ? setErrors(err.fieldErrors) : toastError("Could not let them in", errorMessage(err))),
          },
        );
      }}
    >
      <FormField label="Name" error={errors.name}>
        <Input value={form.name} autoComplete="off" onChange={(e) => set({ name: e.target.value })} />
      </FormField>
      <FormField label="Email" error={errors.email}>
        <Input type="email" value={form.email} autoComplete="off" onChange={(e) => set({ email: e.target.value })} />
      </FormField>
      <FormField label="Company (optional)" error={errors.company}>
        <Input value={form.company ?? ""} onChange={(e) => set({ company: e.target.value })} />
      </FormField>
      <FormField label="Role" error={errors.role}>
        <NativeSelect value={form.role} onChange={(e) => set({ role: e.target.value as InquirerRole })}>
          {INQUIRER_ROLES.map((r) => (
            <option key={r} value={r}>
              {INQUIRER_ROLE_LABELS[r]}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField label="Agreement" error={errors.source}>
        <NativeSelect value={form.source} onChange={(e) => set({ source: e.target.value as NewGrant["source"] })}>
          <option value="signed-elsewhere">Signed elsewhere</option>
          <option value="waived">Waived</option>
        </NativeSelect>
      </FormField>
      {elsewhere ? (
        <FormField label="Signed copy (PDF)" error={errors.proofUrl ?? errors.url} hint="Kept for the team as proof; buyers never see it.">
          <Input type="file" accept="application/pdf,.pdf" onChange={(e) => set({ proof: e.target.files?.[0] })} />
        </FormField>
      ) : null}
      <FormField label="Access to" error={errors.level}>
        <NativeSelect value={form.level} onChange={(e) => set({ level: e.target.value as GrantLevel })}>
          {GRANT_LEVELS.map((l) => (
            <option key={l} value={l}>
              {LEVEL_LABELS[l]}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField label="Access until (optional)" error={errors.expiresAt} hint="The room's own term when left empty.">
        <Input type="date" value={form.until} onChange={(e) => set({ until: e.target.value })} />
      </FormField>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" loading={create.isPending}>
          Let them in
        </Button>
      </DialogFooter>
    </form>
  );
}

export function AddGrantDialog({ listingId, open, onOpenChange }: { listingId: string; open: boolean; onOpenChange(open: boolean): void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md" data-testid="add-grant-dialog">
        <DialogHeader>
          <DialogTitle>Let someone in</DialogTitle>
          <DialogDescription>For a buyer who signed the confidentiality agreement elsewhere, or whose agreement is waived. They get the room&apos;s link by email at once.</DialogDescription>
        </DialogHeader>
        {open ? <AddGrantForm listingId={listingId} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}
