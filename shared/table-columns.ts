// The listing table's columns as the address writes them (`cols=price,size,stage`): which facts
// the table shows beside the name, in the order shown. Each
// column sorts by its own key of `sort=` (`sort=capRate-desc`), so the two lists are one.

/** The table's optional columns; the name is always the first column and is not among them. */
export const TABLE_COLUMNS = [
  "price",
  "pricePerSf",
  "size",
  "availableSf",
  "capRate",
  "leaseRate",
  "stage",
  "expiration",
  "agent",
  "category",
  "updated",
] as const;
export type TableColumn = (typeof TABLE_COLUMNS)[number];

/** What a table without `cols=` shows. */
export const DEFAULT_TABLE_COLUMNS: readonly TableColumn[] = ["price", "size", "stage", "expiration", "agent"];

const isColumn = (name: string): name is TableColumn => (TABLE_COLUMNS as readonly string[]).includes(name);

/**
 * The columns `cols=` names, read leniently as the lists read an address: unknown names and
 * repeats are left out; null when the parameter is absent (the default columns). "" is the name
 * alone.
 */
export function readTableColumns(value: string | null): TableColumn[] | null {
  if (value === null) return null;
  const columns: TableColumn[] = [];
  for (const name of value.split(",")) if (isColumn(name) && !columns.includes(name)) columns.push(name);
  return columns;
}

/** Whether `cols=` is exact, as a saved view must be: known columns, each once ("" is the name alone). */
export function isTableColumnsValue(value: string): boolean {
  if (value === "") return true;
  const names = value.split(",");
  return names.every(isColumn) && new Set(names).size === names.length;
}

/** The value of `cols=` for `columns`. */
export const tableColumnsValue = (columns: readonly TableColumn[]) => columns.join(",");
