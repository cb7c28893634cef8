import { useQuery } from "@tanstack/react-query";
import type { ImportDto } from "@shared/imports/wire";
import type { Wire } from "@shared/wire";
import { apiJson } from "@/lib/api-client";
import { importKeys } from "@/lib/query-keys";

/** One import as the history lists it: who, when, the file, its counts and whether it can be undone. */
export type ImportItem = Wire<ImportDto>;

export const getImport = (id: string) => apiJson<ImportItem>("GET", `/api/imports/${encodeURIComponent(id)}`);

/** How often the progress bar asks while a commit runs. */
export const COMMIT_POLL_MS = 500;

/** The import; polled while `polling` (a commit in flight feeds the progress bar). */
export function useImport(id: string | null, { polling = false }: { polling?: boolean } = {}) {
  return useQuery({
    queryKey: importKeys.detail(id ?? ""),
    queryFn: () => getImport(id ?? ""),
    enabled: id !== null,
    refetchInterval: polling ? COMMIT_POLL_MS : false,
  });
}
