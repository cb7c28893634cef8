import { useMemo } from "react";
import type { ListingSummary } from "../api/listing-types";

export interface SelectAllProps {
  visible: readonly ListingSummary[];
  anySelected: boolean;
  isSelected(id: string): boolean;
  onSelect(ids: string[]): void;
  onDeselect(ids: string[]): void;
}

/** The state of a "select every shown listing" box (the toolbar's Select All, the table's header box) and its toggle. */
export function useSelectAll({ visible, anySelected, isSelected, onSelect, onDeselect }: SelectAllProps) {
  // With nothing selected (as usually) there is nothing to count: a filter or sort choice then
  // does not look up each of up to 10,000 shown listings.
  const selectedCount = useMemo(
    () => (anySelected ? visible.reduce((n, l) => n + Number(isSelected(l.id)), 0) : 0),
    [anySelected, visible, isSelected],
  );
  const all = visible.length > 0 && selectedCount === visible.length;
  const ids = () => visible.map((l) => l.id);
  return {
    checked: all ? true : selectedCount > 0 ? ("indeterminate" as const) : false,
    disabled: visible.length === 0,
    toggle: () => (all ? onDeselect(ids()) : onSelect(ids())),
  };
}
