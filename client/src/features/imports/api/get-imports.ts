import { useQuery } from "@tanstack/react-query";
import type { ImportHistoryReply } from "@shared/imports/wire";
import type { Wire } from "@shared/wire";
import { apiJson } from "@/lib/api-client";
import { importKeys } from "@/lib/query-keys";

export const getImports = () => apiJson<Wire<ImportHistoryReply>>("GET", "/api/imports");

/** Committed and undone imports, newest first. */
export function useImports() {
  return useQuery({ queryKey: importKeys.all, queryFn: getImports, select: (reply) => reply.imports });
}
