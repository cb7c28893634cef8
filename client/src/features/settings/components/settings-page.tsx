import { PageHeader } from "@/components/ui/page-header";

export function SettingsPage() {
  return (
    <div className="grid gap-6">
      <PageHeader title="Settings" description="Marketing category colours and how listing cards look." />
      {/* The colour pickers and card border toggle belong here (Settings issue). */}
    </div>
  );
}
