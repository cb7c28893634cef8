import { useInfiniteQuery } from "@tanstack/react-query";
import type { ActivityPage, AuditEntry } from "@shared/audit";
import { apiJson } from "@/lib/api-client";
import { auditKeys } from "@/lib/query-keys";

/** The audit log's filters, as GET /api/audit takes them (empty means any). */
export interface AuditFilters {
  kind: string;
  userId: string;
  from: string;
  to: string;
}

export function auditQueryString(filters: AuditFilters, cursor?: string | null): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  if (cursor) params.set("cursor", cursor);
  const text = params.toString();
  return text ? `?${text}` : "";
}

export const getAuditLog = (filters: AuditFilters, cursor: string | null) =>
  apiJson<ActivityPage<AuditEntry>>("GET", `/api/audit${auditQueryString(filters, cursor)}`);

/** Where "Export CSV" downloads the filtered log from (a plain GET: the browser sends the cookie). */
export const auditExportUrl = (filters: AuditFilters) => `/api/audit/export${auditQueryString(filters)}`;

export function useAuditLog(filters: AuditFilters) {
  return useInfiniteQuery({
    queryKey: [...auditKeys.all, filters],
    queryFn: ({ pageParam }) => getAuditLog(filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // Every action in the workspace adds to the log and no change invalidates it, so each visit
    // reads it anew instead of showing what it held last time.
    refetchOnMount: "always",
  });
}
