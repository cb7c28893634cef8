import { RefreshCw, TriangleAlert } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/api-client";
import { InquiryAlertsSection } from "@/features/leads/components/inquiry-alerts-section";
import { FollowUpSettingsSection } from "@/features/leads/components/follow-up-settings-section";
import { useUser } from "@/features/auth/api/get-user";
import { BackupStatusSection } from "@/features/backups/components/backup-status-section";
import { CaTemplatesCard } from "@/features/deal-room/components/ca-templates-card";
import { FeedsSection } from "./feeds-section";
import { OmDefaultsCard } from "@/features/om/components/om-defaults-card";
import { InventorySection } from "./inventory-section";
import { useSettings } from "../api/get-settings";
import { AppAddressSection } from "./app-address-section";
import { BrandSection } from "./brand-section";
import { SettingsForm } from "./settings-form";

function SettingsSkeleton() {
  return (
    <div aria-busy="true" aria-label="Loading settings" className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <Card className="grid gap-5 p-5">
        <Skeleton className="h-4 w-52" />
        {Array.from({ length: 5 }, (_, i) => (
          <div key={i} className="flex items-center gap-3">
            <Skeleton className="h-4 w-24" />
            <Skeleton className="ml-auto size-9" />
            <Skeleton className="h-9 w-28" />
          </div>
        ))}
      </Card>
      <Card className="grid gap-4 p-5">
        <Skeleton className="h-4 w-20" />
        <Skeleton className="h-28 w-full" />
      </Card>
    </div>
  );
}

export function SettingsPage() {
  const settings = useSettings();
  const isAdmin = useUser().user?.isAdmin ?? false;

  let content;
  if (settings.isPending) {
    content = <SettingsSkeleton />;
  } else if (settings.isError) {
    content = (
      <EmptyState
        icon={TriangleAlert}
        title="Error Loading Settings"
        description={errorMessage(settings.error, "Your settings could not be loaded.")}
        action={
          <Button variant="outline" onClick={() => window.location.reload()}>
            <RefreshCw aria-hidden />
            Refresh Page
          </Button>
        }
      />
    );
  } else {
    content = <SettingsForm settings={settings.data} />;
  }

  return (
    <div className="grid gap-6">
      <PageHeader title="Settings" description="Marketing category colours, how listing cards look, and the brokerage's brand." />
      {content}
      <BrandSection />
      <AppAddressSection isAdmin={isAdmin} />
      <InquiryAlertsSection />
      <FollowUpSettingsSection isAdmin={isAdmin} />
      <CaTemplatesCard isAdmin={isAdmin} />
      <FeedsSection isAdmin={isAdmin} />
      <OmDefaultsCard isAdmin={isAdmin} />
      <InventorySection isAdmin={isAdmin} />
      <BackupStatusSection />
    </div>
  );
}
