// The Active Listings selection's changes as pure functions over the chosen ids
// (components/use-listing-selection.ts keeps them in React state). Each returns the same set
// when nothing changes, so React skips the re-render.

/** The chosen ids that still name a listing of the page: one that left (deleted, deactivated) drops out. */
export const selectedAmong = (chosen: ReadonlySet<string>, available: ReadonlySet<string>): string[] =>
  [...chosen].filter((id) => available.has(id));

export function withSelected(chosen: ReadonlySet<string>, id: string, selected: boolean): ReadonlySet<string> {
  if (chosen.has(id) === selected) return chosen;
  const next = new Set(chosen);
  if (selected) next.add(id);
  else next.delete(id);
  return next;
}

export const withAll = (chosen: ReadonlySet<string>, ids: readonly string[]): ReadonlySet<string> => new Set([...chosen, ...ids]);

export function withNone(chosen: ReadonlySet<string>, ids: readonly string[]): ReadonlySet<string> {
  const next = new Set(chosen);
  for (const id of ids) next.delete(id);
  return next;
}
