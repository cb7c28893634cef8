import { useQuery } from "@tanstack/react-query";
import type { BackupStatusDto } from "@shared/backups";
import type { Wire } from "@shared/wire";
import { apiJson } from "@/lib/api-client";
import { backupKeys } from "@/lib/query-keys";

export type BackupStatus = Wire<BackupStatusDto>;

export const getBackupStatus = () => apiJson<BackupStatus>("GET", "/api/backups/status");

/** Admins only: the server refuses everyone else, so others never ask. */
export function useBackupStatus({ enabled }: { enabled: boolean }) {
  return useQuery({ queryKey: backupKeys.status, queryFn: getBackupStatus, enabled });
}
