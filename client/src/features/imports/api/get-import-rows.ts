import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { ImportRowAction, ImportRowsReply } from "@shared/imports/wire";
import type { Wire } from "@shared/wire";
import { apiJson } from "@/lib/api-client";
import { importKeys } from "@/lib/query-keys";

export type ImportRow = Wire<ImportRowsReply>["rows"][number];

export interface ImportRowsPage {
  /** Only rows of this class; every row when left out. */
  action?: ImportRowAction;
  offset: number;
  limit: number;
}

function rowsQueryString({ action, offset, limit }: ImportRowsPage) {
  const params = new URLSearchParams({ offset: String(offset), limit: String(limit) });
  if (action) params.set("action", action);
  return params.toString();
}

export const getImportRows = (id: string, page: ImportRowsPage) =>
  apiJson<Wire<ImportRowsReply>>("GET", `/api/imports/${encodeURIComponent(id)}/rows?${rowsQueryString(page)}`);

/** Where "Download failures (CSV)" saves from: a plain GET, so the browser sends the cookie. */
export const importFailuresUrl = (id: string) => `/api/imports/${encodeURIComponent(id)}/failures.csv`;

/** One page of the preview's rows; the previous page stays on screen while the next loads. */
export function useImportRows(id: string, page: ImportRowsPage) {
  return useQuery({
    queryKey: [...importKeys.rows(id), page],
    queryFn: () => getImportRows(id, page),
    placeholderData: keepPreviousData,
  });
}
