import { useCallback, useMemo, useState } from "react";
import { selectedAmong, withAll, withNone, withSelected } from "../lib/listing-selection";

export interface ListingSelection {
  /** Selected ids that still name a listing of this page, in no particular order. */
  selectedIds: string[];
  isSelected(id: string): boolean;
  setSelected(id: string, selected: boolean): void;
  /** Adds every given id (Select All adds the filtered listings). */
  selectMany(ids: readonly string[]): void;
  /** Removes every given id. */
  deselectMany(ids: readonly string[]): void;
  clear(): void;
}

/**
 * The Active Listings selection, used by the bulk actions. Ids of listings that have left the
 * page (deleted, deactivated) drop out by themselves, so a bulk action never names them.
 */
export function useListingSelection(availableIds: ReadonlySet<string>): ListingSelection {
  const [chosen, setChosen] = useState<ReadonlySet<string>>(() => new Set());

  const selectedIds = useMemo(() => selectedAmong(chosen, availableIds), [chosen, availableIds]);
  const selectedSet = useMemo(() => new Set(selectedIds), [selectedIds]);

  const isSelected = useCallback((id: string) => selectedSet.has(id), [selectedSet]);
  const setSelected = useCallback((id: string, selected: boolean) => setChosen((prev) => withSelected(prev, id, selected)), []);
  const selectMany = useCallback((ids: readonly string[]) => setChosen((prev) => withAll(prev, ids)), []);
  const deselectMany = useCallback((ids: readonly string[]) => setChosen((prev) => withNone(prev, ids)), []);
  const clear = useCallback(() => setChosen(new Set()), []);

  return { selectedIds, isSelected, setSelected, selectMany, deselectMany, clear };
}
