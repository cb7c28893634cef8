// A listing's spaces, rent roll and operating statement (docs/guides/spaces-and-income.md). Every
// change moves the listing's version (its spaces summary, its figures), so each refreshes every
// listing query on screen: these, the open listing and the lists' ranges.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { OperatingStatement, OperatingStatementFigures } from "@shared/operating-statement";
import type { RentRoll, Tenant } from "@shared/rent-roll";
import type { IncomeImportKind, IncomeImportPreview, IncomeImportRequest, IncomeImportResult } from "@shared/income-import";
import type { Space } from "@shared/space-choices";
import { toastError } from "@/components/ui/use-toast";
import { apiJson, apiRequest, errorMessage } from "@/lib/api-client";
import { invalidate } from "@/lib/query-cache";
import { listingChangeKeys, listingKeys } from "@/lib/query-keys";

export type { OperatingStatement, OperatingStatementFigures, IncomeImportPreview, IncomeImportRequest, IncomeImportResult, RentRoll, Space, Tenant };

/** What the forms send: the typed text, read on the server by the listing facts' parsers. */
export type RowBody = Record<string, string | number | number[] | null>;

const base = (listingId: string) => `/api/listings/${encodeURIComponent(listingId)}`;

export const getSpaces = (listingId: string) => apiJson<Space[]>("GET", `${base(listingId)}/spaces`);
export const getRentRoll = (listingId: string) => apiJson<RentRoll>("GET", `${base(listingId)}/rent-roll`);
export const getOperatingStatement = (listingId: string) => apiJson<OperatingStatementFigures>("GET", `${base(listingId)}/operating-statement`);

export const useSpaces = (listingId: string) => useQuery({ queryKey: listingKeys.spaces(listingId), queryFn: () => getSpaces(listingId) });
export const useRentRoll = (listingId: string) => useQuery({ queryKey: listingKeys.rentRoll(listingId), queryFn: () => getRentRoll(listingId) });
export const useOperatingStatement = (listingId: string) =>
  useQuery({ queryKey: listingKeys.operatingStatement(listingId), queryFn: () => getOperatingStatement(listingId) });

/**
 * Add, change and delete for one listing's spaces ("spaces") or rent roll ("rent-roll"). A
 * refusal of an add or a change is the caller's to show beside its fields; a failed delete is a toast.
 */
export function useRowChanges(listingId: string, collection: "spaces" | "rent-roll") {
  const queryClient = useQueryClient();
  const path = `${base(listingId)}/${collection}`;
  const refresh = () => invalidate(queryClient, ...listingChangeKeys);
  return {
    add: useMutation({ mutationFn: (body: RowBody) => apiJson<unknown>("POST", path, body), onSuccess: refresh }),
    patch: useMutation({ mutationFn: ({ id, body }: { id: number; body: RowBody }) => apiJson<unknown>("PATCH", `${path}/${id}`, body), onSuccess: refresh }),
    remove: useMutation({
      mutationFn: async (id: number) => {
        await apiRequest("DELETE", `${path}/${id}`);
      },
      onSettled: refresh,
      onError: (error) => toastError("Could not delete it", errorMessage(error)),
    }),
  };
}

/** A statement as the editor sends it: amounts as typed ("$1,200", "-$500") or as numbers. */
export interface StatementBody {
  t12: { income: { category: string; amount: string | number }[]; expenses: { category: string; amount: string | number }[] };
  proForma?: StatementBody["t12"];
}

export function useSaveOperatingStatement(listingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (statement: StatementBody) => apiJson<OperatingStatementFigures>("PUT", `${base(listingId)}/operating-statement`, statement),
    onSuccess: (figures) => {
      queryClient.setQueryData(listingKeys.operatingStatement(listingId), figures);
      return invalidate(queryClient, ...listingChangeKeys);
    },
  });
}

/** The rent roll or spaces import: a preview changes nothing; a commit replaces the rows; an undo puts the old ones back. */
export function useIncomeImport(listingId: string, kind: IncomeImportKind) {
  const queryClient = useQueryClient();
  const refresh = () => invalidate(queryClient, ...listingChangeKeys);
  return {
    preview: useMutation({ mutationFn: (body: IncomeImportRequest) => apiJson<IncomeImportPreview>("POST", `${base(listingId)}/${kind}/import/preview`, body) }),
    commit: useMutation({ mutationFn: (body: IncomeImportRequest) => apiJson<IncomeImportResult>("POST", `${base(listingId)}/${kind}/import`, body), onSuccess: refresh }),
    undo: useMutation({
      mutationFn: (importId: number) => apiJson<{ restored: number }>("POST", `${base(listingId)}/${kind}/imports/${importId}/undo`),
      onSuccess: refresh,
    }),
  };
}
