import { Download, EllipsisVertical, Upload } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { DropdownMenu, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import { chunkLoader } from "@/lib/chunk-loader";
import { useChunk } from "@/lib/use-chunk";
import { useExportIncomeFile, useExportListings } from "../api/export-listings";
import { LazyImportCsvDialog } from "./lazy-csv-dialogs";

// The menu's items show only once it opens, so they load when the page is idle after the first
// paint, or as its trigger is approached if that comes sooner; the header's buttons stay on the
// first page. A menu opened before they arrive shows them when they do.
const menuItems = chunkLoader(() => import("./csv-menu-items"));

/**
 * Import CSV and Export All for the Active Listings header. On phones they fold into a menu
 * after Add New Listing, so the header keeps one row.
 * The same menu, on every screen size, leads to the import wizard and the import history.
 */
export function CsvHeaderActions() {
  const [importing, setImporting] = useState(false);
  const exportAll = useExportListings();
  const exportFile = useExportIncomeFile();
  const items = useChunk(menuItems);
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
        <DropdownMenuTrigger asChild onPointerEnter={menuItems.preload} onFocus={menuItems.preload}>
          <Button variant="outline" size="icon" className="max-sm:order-last" aria-label="Import and export" loading={exportAll.isPending || exportFile.isPending}>
            {exportAll.isPending || exportFile.isPending ? null : <EllipsisVertical aria-hidden />}
          </Button>
        </DropdownMenuTrigger>
        {items ? (
          <items.CsvMenuItems onImport={() => setImporting(true)} onExportAll={startExport} onExportFile={(file) => exportFile.mutate(file)} onPointerEnter={preload} />
        ) : null}
      </DropdownMenu>
      <LazyImportCsvDialog open={importing} onOpenChange={setImporting} />
    </>
  );
}
