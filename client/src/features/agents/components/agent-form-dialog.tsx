import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { insertAgentSchema } from "@shared/schema";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { DiscardGuardScope, useDiscardGuard, useGuardedClose, useReportDirty } from "@/components/ui/discard-guard";
import { EditConflictNotice } from "@/components/ui/edit-conflict-notice";
import { Input } from "@/components/ui/input";
import { editConflictOf, type WireConflict } from "@/lib/api-client";
import { conflictChanges } from "@/lib/edit-conflict";
import { applyServerErrors } from "@/lib/form-errors";
import { useCreateAgent } from "../api/create-agent";
import type { AgentWithCount } from "../api/get-agents";
import { useUpdateAgent } from "../api/update-agent";

type AgentFormValues = z.input<typeof insertAgentSchema>;
const FIELD_ORDER = ["name", "email", "phone"] as const;
const LABELS = { name: "Name", email: "Email", phone: "Phone" } as const;
const toFormValues = (agent?: AgentWithCount): AgentFormValues => ({ name: agent?.name ?? "", email: agent?.email ?? "", phone: agent?.phone ?? "" });

interface AgentFormDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** Edit this agent when given; add a new one otherwise. */
  agent?: AgentWithCount;
}

// Mounted only while open, so each opening starts from the agent's current values.
function AgentForm({ agent, onDone }: { agent?: AgentWithCount; onDone(): void }) {
  const createAgent = useCreateAgent();
  const updateAgent = useUpdateAgent();
  const saving = createAgent.isPending || updateAgent.isPending;
  const form = useForm<AgentFormValues, unknown, z.output<typeof insertAgentSchema>>({
    resolver: zodResolver(insertAgentSchema),
    defaultValues: toFormValues(agent),
  });
  const { errors, isDirty } = form.formState;
  useReportDirty(isDirty);
  const cancel = useGuardedClose();
  const showServerErrors = (error: unknown) => applyServerErrors(error, form, FIELD_ORDER);
  // The version the edit starts from, sent as If-Match.
  const [base, setBase] = useState(agent);
  const [conflict, setConflict] = useState<WireConflict<AgentWithCount> | null>(null);

  const saveEdit = (values: z.output<typeof insertAgentSchema>, edited: AgentWithCount) =>
    updateAgent.mutate(
      { id: edited.id, values, version: edited.version },
      {
        onSuccess: onDone,
        onError: (error) => {
          const found = editConflictOf<AgentWithCount>(error);
          if (found) setConflict(found);
          else showServerErrors(error);
        },
      },
    );

  const onSubmit = form.handleSubmit((values) => {
    setConflict(null);
    if (base) saveEdit(values, base);
    else createAgent.mutate(values, { onSuccess: onDone, onError: showServerErrors });
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5">
      <DialogHeader>
        <DialogTitle>{agent ? "Edit Agent" : "Add Agent"}</DialogTitle>
        <DialogDescription>
          {agent ? "Changes show on every listing assigned to this agent." : "Listings can be assigned to this agent once added."}
        </DialogDescription>
      </DialogHeader>
      <div className="grid gap-4">
        <FormField label="Name" required error={errors.name?.message}>
          <Input autoComplete="off" autoFocus {...form.register("name")} />
        </FormField>
        <FormField label="Email" error={errors.email?.message}>
          <Input type="email" autoComplete="off" placeholder="name@company.com" {...form.register("email")} />
        </FormField>
        <FormField label="Phone" error={errors.phone?.message}>
          <Input type="tel" autoComplete="off" placeholder="(304) 555-0123" {...form.register("phone")} />
        </FormField>
      </div>
      {conflict && base ? (
        <EditConflictNotice
          what="agent"
          changedBy={conflict.changedBy}
          changedAt={conflict.changedAt}
          changes={conflictChanges(toFormValues(base), toFormValues(conflict.current), FIELD_ORDER, (field) => LABELS[field])}
          busy={updateAgent.isPending}
          onReload={() => {
            form.reset(toFormValues(conflict.current));
            setBase(conflict.current);
            setConflict(null);
          }}
          onOverwrite={form.handleSubmit((values) => saveEdit(values, conflict.current))}
        />
      ) : null}
      <DialogFooter>
        <Button variant="outline" onClick={() => cancel(onDone)}>
          Cancel
        </Button>
        <Button type="submit" loading={saving}>
          {agent ? (saving ? "Saving..." : "Save Changes") : saving ? "Adding..." : "Add Agent"}
        </Button>
      </DialogFooter>
    </form>
  );
}

export function AgentFormDialog({ open, onOpenChange, agent }: AgentFormDialogProps) {
  const guard = useDiscardGuard();
  return (
    <Dialog open={open} onOpenChange={guard.onOpenChange(onOpenChange)}>
      <DialogContent className="max-w-md" data-testid="agent-form-dialog">
        <DiscardGuardScope guard={guard}>
          <AgentForm agent={agent} onDone={() => onOpenChange(false)} />
        </DiscardGuardScope>
      </DialogContent>
    </Dialog>
  );
}
