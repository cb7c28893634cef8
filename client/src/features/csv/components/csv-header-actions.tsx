import { Download, EllipsisVertical, Upload } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import { useExportListings } from "../api/export-listings";
import { LazyImportCsvDialog } from "./lazy-csv-dialogs";

/**
 * Import CSV and Export All for the Active Listings header. On phones they fold into a menu
 * after Add New Listing, so the header keeps one row (docs/decisions/091-csv-header-and-selection-actions.md).
 */
export function CsvHeaderActions() {
  const [importing, setImporting] = useState(false);
  const exportAll = useExportListings();
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
          <Button variant="outline" size="icon" className="order-last sm:hidden" aria-label="Import and export" loading={exportAll.isPending}>
            {exportAll.isPending ? null : <EllipsisVertical aria-hidden />}
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" onPointerEnter={preload}>
          <DropdownMenuItem onSelect={() => setImporting(true)}>
            <Upload aria-hidden />
            Import CSV
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={startExport}>
            <Download aria-hidden />
            Export All
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <LazyImportCsvDialog open={importing} onOpenChange={setImporting} />
    </>
  );
}
