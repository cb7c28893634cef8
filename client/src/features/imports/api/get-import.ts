import { useQuery } from "@tanstack/react-query";
import type { ImportDto } from "@shared/imports/wire";
import type { Wire } from "@shared/wire";
import { apiJson } from "@/lib/api-client";
import { WAITS_FOR_STREAM } from "@/lib/live-stream-meta";
import { importKeys } from "@/lib/query-keys";

/** One import as the history lists it: who, when, the file, its counts and whether it can be undone. */
export type ImportItem = Wire<ImportDto>;

export const getImport = (id: string) => apiJson<ImportItem>("GET", `/api/imports/${encodeURIComponent(id)}`);

/**
 * The import. While it is being committed the event stream says when it moved on (an `imports`
 * event, lib/live-events.ts), and the progress bar reads it again then: nothing polls.
 */
export function useImport(id: string | null) {
  return useQuery({
    queryKey: importKeys.detail(id ?? ""),
    queryFn: () => getImport(id ?? ""),
    enabled: id !== null,
    meta: WAITS_FOR_STREAM,
  });
}
