import { Columns3 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { DropdownMenu, DropdownMenuCheckboxItem, DropdownMenuContent, DropdownMenuLabel, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import { TABLE_COLUMN_SPECS, TABLE_COLUMNS, toggleColumn, type TableColumn } from "../lib/table-columns";

/** The table's Columns menu: a tick per optional column; the name is always shown. */
export function TableColumnPicker({ columns, onChange }: { columns: readonly TableColumn[]; onChange(columns: TableColumn[]): void }) {
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm" data-testid="table-columns">
          <Columns3 aria-hidden />
          Columns
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>Columns shown beside the name</DropdownMenuLabel>
        {TABLE_COLUMNS.map((column) => (
          <DropdownMenuCheckboxItem
            key={column}
            checked={columns.includes(column)}
            // The menu stays open, so several columns can be picked in one go.
            onSelect={(event) => event.preventDefault()}
            onCheckedChange={(on) => onChange(toggleColumn(columns, column, on === true))}
          >
            {TABLE_COLUMN_SPECS[column].label}
          </DropdownMenuCheckboxItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
