// The list view: a table of the listings with sortable column headers, chosen columns, a sticky
// header and row selection; on a phone, two-line rows (docs/decisions/300-listing-table.md).
// Loaded on first use of the list view, so the first page's code does not grow by it.
import { useWindowVirtualizer } from "@tanstack/react-virtual";
import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import { memo, useCallback, useSyncExternalStore, type MouseEvent } from "react";
import { Checkbox } from "@/components/ui/checkbox";
import { cn } from "@/lib/cn";
import type { ListingSummary } from "../api/listing-types";
import type { ListingSort } from "../lib/listing-filters";
import { ariaSort, headerSort, TABLE_COLUMN_SPECS, type TableColumn } from "../lib/table-columns";
import { StarButton } from "./listing-controls";
import { SelectListingBox } from "./listing-item-frame";
import { ListingItemMenu } from "./listing-item-menu";
import type { ListingItemActions } from "./listing-item-shared";
import { useContainerGeometry } from "@/lib/use-container-geometry";
import { TableColumnPicker } from "./table-column-picker";
import { useSelectAll, type SelectAllProps } from "./use-select-all";

// Fixed heights: nothing to measure, so a sort moves no row's position but the order's.
const ROW_HEIGHT = 44;
const HEADER_HEIGHT = 40;
const COMPACT_ROW_HEIGHT = 68;
/** How many chosen columns a phone's second line shows. */
const COMPACT_COLUMNS = 3;
const PHONE_QUERY = "(max-width: 640px)";

const subscribe = (onChange: () => void) => {
  const media = window.matchMedia(PHONE_QUERY);
  media.addEventListener("change", onChange);
  return () => media.removeEventListener("change", onChange);
};
const usePhone = () => useSyncExternalStore(subscribe, () => window.matchMedia(PHONE_QUERY).matches, () => false);

// A click on a row opens the listing, unless it was on one of the row's own controls.
const INTERACTIVE = "button, a, input, label, [role='checkbox'], [role='menuitem']";
function openUnlessControl(event: MouseEvent<HTMLElement>, open: () => void) {
  if ((event.target as Element).closest(INTERACTIVE)) return;
  open();
}

export interface ListingTableProps {
  listings: readonly ListingSummary[];
  sort: ListingSort;
  onSortChange(sort: ListingSort): void;
  columns: readonly TableColumn[];
  onColumnsChange(columns: TableColumn[]): void;
  /** undefined where nothing can be selected. */
  isSelected?: (id: string) => boolean;
  selectAll?: SelectAllProps;
  actions: ListingItemActions;
  label: string;
}

export default function ListingTable(props: ListingTableProps) {
  const phone = usePhone();
  return (
    <div className="grid gap-2">
      <div className="flex justify-end">
        <TableColumnPicker columns={props.columns} onChange={props.onColumnsChange} />
      </div>
      {phone ? <CompactRows {...props} /> : <WideTable {...props} />}
    </div>
  );
}

function useRows(count: number, rowHeight: number, headerHeight: number) {
  const { ref, offsetTop } = useContainerGeometry();
  const estimateSize = useCallback(() => rowHeight, [rowHeight]);
  const virtualizer = useWindowVirtualizer({ count, estimateSize, overscan: 8, scrollMargin: offsetTop + headerHeight });
  return { ref, virtualizer };
}

const SORT_ICONS = { ascending: <ArrowUp aria-hidden className="size-3.5" />, descending: <ArrowDown aria-hidden className="size-3.5" />, none: <ArrowUpDown aria-hidden className="size-3.5 opacity-40" /> };

function SortHeader({ column, label, numeric, sort, onSortChange, className }: { column: TableColumn | "name"; label: string; numeric: boolean; sort: ListingSort; onSortChange(sort: ListingSort): void; className?: string }) {
  const state = ariaSort(sort, column);
  return (
    <th scope="col" aria-sort={state} className={cn("h-10 border-b bg-background px-2 font-medium text-muted-foreground", numeric ? "text-right" : "text-left", className)}>
      <button
        type="button"
        data-testid={`sort-${column}`}
        onClick={() => onSortChange(headerSort(sort, column))}
        className={cn("inline-flex max-w-full items-center gap-1 rounded-sm hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring", state !== "none" && "text-foreground")}
      >
        <span className="truncate">{label}</span>
        {SORT_ICONS[state]}
      </button>
    </th>
  );
}

function SelectAllBox(props: SelectAllProps) {
  const { checked, disabled, toggle } = useSelectAll(props);
  return <Checkbox checked={checked} disabled={disabled} onCheckedChange={toggle} aria-label="Select all shown listings" />;
}

/** A real table: its header row sticks to the top of the page; only the rows near the viewport are in the DOM. */
function WideTable({ listings, sort, onSortChange, columns, isSelected, selectAll, actions, label }: ListingTableProps) {
  const { ref, virtualizer } = useRows(listings.length, ROW_HEIGHT, HEADER_HEIGHT);
  const rows = virtualizer.getVirtualItems();
  const before = rows.length > 0 ? rows[0].start - virtualizer.options.scrollMargin : 0;
  const after = rows.length > 0 ? virtualizer.getTotalSize() - (rows[rows.length - 1].end - virtualizer.options.scrollMargin) : 0;
  const selectable = isSelected !== undefined;
  const span = columns.length + 2 + Number(selectable);
  return (
    <div ref={ref} data-testid="listing-results" data-view="list">
      <table aria-label={label} aria-rowcount={listings.length + 1} className="w-full table-fixed border-separate border-spacing-0 text-sm">
        {/* Each header cell sticks (a sticky <thead> is not sticky everywhere); under the phone-sized top bar below md.
            Beneath the selection bar, which sticks near the top too: its bulk actions stay reachable. */}
        <thead className="[&_th]:sticky [&_th]:top-14 [&_th]:z-[5] md:[&_th]:top-0">
          <tr aria-rowindex={1}>
            {selectable ? (
              <th scope="col" className="h-10 w-10 border-b bg-background px-2 text-left">
                {selectAll ? <SelectAllBox {...selectAll} /> : null}
              </th>
            ) : null}
            <SortHeader column="name" label="Name" numeric={false} sort={sort} onSortChange={onSortChange} className="w-[26%] min-w-40" />
            {columns.map((column) => (
              <SortHeader key={column} column={column} label={TABLE_COLUMN_SPECS[column].label} numeric={TABLE_COLUMN_SPECS[column].numeric} sort={sort} onSortChange={onSortChange} />
            ))}
            <th scope="col" className="h-10 w-20 border-b bg-background px-2">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {before > 0 ? (
            <tr aria-hidden="true" style={{ height: before }}>
              <td colSpan={span} />
            </tr>
          ) : null}
          {rows.map((row) => (
            <TableRow
              key={row.key}
              listing={listings[row.index]}
              position={row.index}
              columns={columns}
              selected={isSelected?.(listings[row.index].id)}
              actions={actions}
            />
          ))}
          {after > 0 ? (
            <tr aria-hidden="true" style={{ height: after }}>
              <td colSpan={span} />
            </tr>
          ) : null}
        </tbody>
      </table>
    </div>
  );
}

interface RowProps {
  listing: ListingSummary;
  position: number;
  columns: readonly TableColumn[];
  selected: boolean | undefined;
  actions: ListingItemActions;
}

const CELL = "h-11 truncate border-b px-2";

const TableRow = memo(function TableRow({ listing, position, columns, selected, actions }: RowProps) {
  return (
    // A mouse shortcut; the keyboard has the name's button.
    <tr
      data-testid="listing-row"
      data-listing-id={listing.id}
      aria-rowindex={position + 2}
      onClick={(event) => openUnlessControl(event, () => actions.open(listing))}
      className={cn("cursor-pointer hover:bg-accent/40", selected && "bg-primary/5")}
    >
      {selected !== undefined ? (
        <td className={CELL}>
          <SelectListingBox listing={listing} selected={selected} actions={actions} />
        </td>
      ) : null}
      <th scope="row" className={cn(CELL, "text-left font-medium")}>
        <button type="button" data-opens-details onClick={() => actions.open(listing)} className="max-w-full truncate rounded-sm text-left hover:underline" title={listing.listingName}>
          {listing.listingName}
        </button>
      </th>
      {columns.map((column) => {
        const spec = TABLE_COLUMN_SPECS[column];
        const text = spec.text(listing);
        return (
          <td key={column} className={cn(CELL, spec.numeric && "text-right tabular-nums")} title={text || undefined} data-column={column}>
            {text}
          </td>
        );
      })}
      <td className={cn(CELL, "text-right")}>
        <StarButton starred={listing.isStarred} listingName={listing.listingName} onToggle={() => actions.toggleStarred(listing)} />
        <ListingItemMenu listing={listing} />
      </td>
    </tr>
  );
});

/** On a phone: each listing two lines (the name; the first chosen columns with their names), never wider than the screen. */
function CompactRows({ listings, columns, isSelected, actions, label }: ListingTableProps) {
  const { ref, virtualizer } = useRows(listings.length, COMPACT_ROW_HEIGHT, 0);
  const shown = columns.slice(0, COMPACT_COLUMNS);
  return (
    <div ref={ref} role="list" aria-label={label} data-testid="listing-results" data-view="list" className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
      {virtualizer.getVirtualItems().map((row) => {
        const listing = listings[row.index];
        return (
          <CompactRow
            key={row.key}
            listing={listing}
            position={row.index}
            total={listings.length}
            top={row.start - virtualizer.options.scrollMargin}
            columns={shown}
            selected={isSelected?.(listing.id)}
            actions={actions}
          />
        );
      })}
    </div>
  );
}

const CompactRow = memo(function CompactRow({ listing, position, total, top, columns, selected, actions }: RowProps & { total: number; top: number }) {
  const line = columns
    .map((column) => [TABLE_COLUMN_SPECS[column].label, TABLE_COLUMN_SPECS[column].text(listing)] as const)
    .filter(([, text]) => text !== "");
  return (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- a finger's shortcut; the name is the button
    <div
      role="listitem"
      aria-setsize={total}
      aria-posinset={position + 1}
      data-testid="listing-row"
      data-listing-id={listing.id}
      onClick={(event) => openUnlessControl(event, () => actions.open(listing))}
      className={cn("absolute left-0 top-0 flex w-full items-center gap-3 border-b px-1", selected && "bg-primary/5")}
      style={{ height: COMPACT_ROW_HEIGHT, transform: `translateY(${top}px)` }}
    >
      {selected !== undefined ? <SelectListingBox listing={listing} selected={selected} actions={actions} /> : null}
      <div className="grid min-w-0 flex-1 gap-0.5">
        {/* 44 px tall to a finger; the negative margins keep the two lines where they were. */}
        <button
          type="button"
          data-opens-details
          onClick={() => actions.open(listing)}
          className="truncate text-left text-sm font-medium pointer-coarse:-my-3 pointer-coarse:py-3"
        >
          {listing.listingName}
        </button>
        <p className="truncate text-xs text-muted-foreground tabular-nums">
          {line.map(([name, text], i) => (
            <span key={name}>
              {i > 0 ? " · " : null}
              <span className="sr-only">{name} </span>
              {text}
            </span>
          ))}
        </p>
      </div>
      <StarButton starred={listing.isStarred} listingName={listing.listingName} onToggle={() => actions.toggleStarred(listing)} />
    </div>
  );
});
