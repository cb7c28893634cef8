import { Download, FileUp, History, Upload } from "lucide-react";
import { useLocation } from "wouter";
import { DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator } from "@/components/ui/dropdown-menu";
import { IMPORTS_PATH, useOpenImportWizard } from "@/features/imports/components/open-import-wizard";
import type { IncomeExport } from "../api/export-listings";

export interface CsvMenuItemsProps {
  onImport(): void;
  onExportAll(): void;
  onExportFile(file: IncomeExport): void;
  onPointerEnter(): void;
}

/** The Import and export menu's open part: on phones Import CSV and Export All, then the other files and the wizard. */
export function CsvMenuItems({ onImport, onExportAll, onExportFile, onPointerEnter }: CsvMenuItemsProps) {
  const openWizard = useOpenImportWizard();
  const [, navigate] = useLocation();
  return (
    <DropdownMenuContent align="end" onPointerEnter={onPointerEnter}>
      <DropdownMenuItem className="sm:hidden" onSelect={onImport}>
        <Upload aria-hidden />
        Import CSV
      </DropdownMenuItem>
      <DropdownMenuItem className="sm:hidden" onSelect={onExportAll}>
        <Download aria-hidden />
        Export All
      </DropdownMenuItem>
      <DropdownMenuSeparator className="sm:hidden" />
      <DropdownMenuItem onSelect={() => onExportFile("spaces")}>
        <Download aria-hidden />
        Export spaces
      </DropdownMenuItem>
      <DropdownMenuItem onSelect={() => onExportFile("rent-roll")}>
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
  );
}
