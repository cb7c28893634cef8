// What the open form makes of a `listings` event (components/use-teammate-save.ts listens and
// reads; docs/decisions/231-crossing-edits-in-the-form.md).

export interface TeammateSave {
  /** Who saved, as the listing's timeline names them; null when it cannot tell. */
  by: string | null;
  version: number;
}

/** Whether a `listings` event's payload names this listing. */
export function eventNamesListing(data: unknown, id: string): boolean {
  const event = data as { ids?: unknown; many?: unknown } | null;
  return Boolean(event?.many) || (Array.isArray(event?.ids) && event.ids.includes(id));
}

/** The newer of two heard saves: reads that answer out of order never step back. */
export const laterSave = (last: TeammateSave | null, heard: TeammateSave): TeammateSave =>
  last && last.version >= heard.version ? last : heard;

/** The save to tell the person about: only one newer than the version their form started from. */
export const saveToShow = (heard: TeammateSave | null, formVersion: number | undefined): TeammateSave | null =>
  heard && formVersion !== undefined && heard.version > formVersion ? heard : null;
