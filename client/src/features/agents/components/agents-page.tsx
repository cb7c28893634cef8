import { PageHeader } from "@/components/ui/page-header";

export function AgentsPage() {
  return (
    <div className="grid gap-6">
      <PageHeader title="Agents" description="The agents your listings can be assigned to." />
      {/* The agent directory belongs here (Agents issue). */}
    </div>
  );
}
