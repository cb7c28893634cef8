// "Add prospect" on a listing's board: a person, joined to the lead with the same email (any case)
// when there is one. Fields checked by the server's own
// shape; its messages land under the fields.
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { INQUIRER_ROLE_LABELS, INQUIRER_ROLES } from "@shared/leads";
import { addNewPersonSchema } from "@shared/prospects";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { toast, toastError } from "@/components/ui/use-toast";
import { errorMessage } from "@/lib/api-client";
import { applyServerErrors } from "@/lib/form-errors";
import { useAddProspect } from "../api/prospects";

type Values = z.input<typeof addNewPersonSchema>;
const FIELD_ORDER = ["name", "email", "phone", "company", "role"] as const;

export function AddProspectForm({ listingId, onDone }: { listingId: string; onDone(): void }) {
  const add = useAddProspect(listingId);
  const form = useForm<Values, unknown, z.output<typeof addNewPersonSchema>>({
    resolver: zodResolver(addNewPersonSchema),
    defaultValues: { name: "", email: "", phone: "", company: "", role: "principal" },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((values) =>
    add.mutate(
      { ...values, phone: values.phone ?? undefined, company: values.company ?? undefined },
      {
        onSuccess: (prospect) => {
          toast({ title: `${prospect.name} added`, description: "At the stage Inquired.", variant: "success" });
          form.reset();
          onDone();
        },
        onError: (error) => {
          if (!applyServerErrors(error, form, FIELD_ORDER)) toastError("Could not add the prospect", errorMessage(error));
        },
      },
    ),
  );
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-3 rounded-lg border p-3" aria-label="Add prospect" data-testid="add-prospect-form">
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label="Name" required error={errors.name?.message}>
          <Input autoComplete="off" autoFocus {...form.register("name")} />
        </FormField>
        <FormField label="Email" required error={errors.email?.message} hint="Joins the lead with this email, if there is one.">
          <Input type="email" autoComplete="off" {...form.register("email")} />
        </FormField>
        <FormField label="Phone" error={errors.phone?.message}>
          <Input type="tel" autoComplete="off" {...form.register("phone")} />
        </FormField>
        <FormField label="Company" error={errors.company?.message}>
          <Input autoComplete="off" {...form.register("company")} />
        </FormField>
        <FormField label="Role" error={errors.role?.message}>
          <NativeSelect {...form.register("role")}>
            {INQUIRER_ROLES.map((role) => (
              <option key={role} value={role}>
                {INQUIRER_ROLE_LABELS[role]}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </div>
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" loading={add.isPending}>
          {add.isPending ? "Adding..." : "Add prospect"}
        </Button>
      </div>
    </form>
  );
}
