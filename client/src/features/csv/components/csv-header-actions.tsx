import { Download, EllipsisVertical, FileUp, History, Upload } from "lucide-react";
import { useState } from "react";
import { useLocation } from "wouter";
import { Button } from "@/components/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import { IMPORTS_PATH, useOpenImportWizard } from "@/features/imports/components/open-import-wizard";
import { useExportIncomeFile, useExportListings } from "../api/export-listings";
import { LazyImportCsvDialog } from "./lazy-csv-dialogs";

/**
 * Import CSV and Export All for the Active Listings header. On phones they fold into a menu
 * after Add New Listing, so the header keeps one row.
 * The same menu, on every screen size, leads to the import wizard and the import history.
 */
export function CsvHeaderActions() {
  const [importing, setImporting] = useState(false);
  const exportAll = useExportListings();
  const exportFile = useExportIncomeFile();
  const openWizard = useOpenImportWizard();
  const [, navigate] = useLocation();
  const preload = LazyImportCsvDialog.preload;
  const startExport = () => exportAll.mutate(undefined);

  return (
    <>
      <Button variant="outline" className="max-sm:hidden" onClick={() => setImporting(true)} onPointerEnter={preload} onFocus={preload}>
        <Upload aria-hidden />
        Import CSV
      </Button>
      <Button variant="outline" className="max-sm:hidden" loading={exportAll.isPending} onClick={startExport}>
        {exportAll.isPending ? null : <Download aria-hidden />}
        Export All
      </Button>
      {/* Not modal: a modal menu that opens a dialog can leave the page unclickable once both close. */}
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <Button variant="outline" size="icon" className="max-sm:order-last" aria-label="Import and export" loading={exportAll.isPending || exportFile.isPending}>
            {exportAll.isPending || exportFile.isPending ? null : <EllipsisVertical aria-hidden />}
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" onPointerEnter={preload}>
          <DropdownMenuItem className="sm:hidden" onSelect={() => setImporting(true)}>
            <Upload aria-hidden />
            Import CSV
          </DropdownMenuItem>
          <DropdownMenuItem className="sm:hidden" onSelect={startExport}>
            <Download aria-hidden />
            Export All
          </DropdownMenuItem>
          <DropdownMenuSeparator className="sm:hidden" />
          <DropdownMenuItem onSelect={() => exportFile.mutate("spaces")}>
            <Download aria-hidden />
            Export spaces
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => exportFile.mutate("rent-roll")}>
            <Download aria-hidden />
            Export rent rolls
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => openWizard()}>
            <FileUp aria-hidden />
            Import any spreadsheet
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => navigate(IMPORTS_PATH)}>
            <History aria-hidden />
            Import history
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <LazyImportCsvDialog open={importing} onOpenChange={setImporting} />
    </>
  );
}
