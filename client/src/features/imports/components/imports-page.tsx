import { FileUp, Plus } from "lucide-react";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { useUser } from "@/features/auth/api/get-user";
import { errorMessage } from "@/lib/api-client";
import { useImports } from "../api/get-imports";
import { ImportHistoryItem } from "./import-history-item";
import { Notice } from "./notice";
import { useOpenImportWizard } from "./open-import-wizard";

/** The import history: every committed or undone import, newest first, and "New import". */
export function ImportsPage() {
  const imports = useImports();
  const { user } = useUser();
  const openWizard = useOpenImportWizard();
  const newImport = (
    <Button onClick={() => openWizard()}>
      <Plus aria-hidden />
      New import
    </Button>
  );
  return (
    <div className="grid min-w-0 gap-6">
      <PageHeader title="Imports" description="Spreadsheets imported into Listing Desk. An import can be undone for 7 days by whoever ran it, or by an admin." actions={newImport} />
      {imports.isPending ? (
        <Skeleton className="h-40 w-full" />
      ) : imports.isError ? (
        <Notice tone="error">{errorMessage(imports.error, "Could not load the import history.")}</Notice>
      ) : imports.data.length === 0 ? (
        <EmptyState
          icon={FileUp}
          title="No imports yet"
          description="Import a CSV or Excel file from any tool: LoopNet, Crexi, your own spreadsheet."
          action={newImport}
        />
      ) : (
        <ol className="min-w-0 rounded-xl border bg-surface" aria-label="Import history" data-testid="import-history">
          {imports.data.map((item) => (
            <ImportHistoryItem key={item.id} item={item} canUndo={Boolean(user && (user.isAdmin || user.id === item.user.id))} />
          ))}
        </ol>
      )}
    </div>
  );
}
