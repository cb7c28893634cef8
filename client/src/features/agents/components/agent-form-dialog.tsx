import { zodResolver } from "@hookform/resolvers/zod";
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
import { Input } from "@/components/ui/input";
import { applyServerErrors } from "@/lib/form-errors";
import { useCreateAgent } from "../api/create-agent";
import type { AgentWithCount } from "../api/get-agents";
import { useUpdateAgent } from "../api/update-agent";

type AgentFormValues = z.input<typeof insertAgentSchema>;
const FIELD_ORDER = ["name", "email", "phone"] as const;

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
    defaultValues: { name: agent?.name ?? "", email: agent?.email ?? "", phone: agent?.phone ?? "" },
  });
  const { errors } = form.formState;
  const showServerErrors = (error: unknown) => applyServerErrors(error, form, FIELD_ORDER);

  const onSubmit = form.handleSubmit((values) => {
    if (agent) updateAgent.mutate({ id: agent.id, values }, { onSuccess: onDone, onError: showServerErrors });
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
      <DialogFooter>
        <Button variant="outline" onClick={onDone}>
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
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md">
        <AgentForm agent={agent} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}
