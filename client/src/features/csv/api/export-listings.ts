import { useMutation } from "@tanstack/react-query";
import { toastError, toastSuccess } from "@/components/ui/use-toast";
import { apiRequest } from "@/lib/api-client";
import { downloadBlob } from "@/lib/download-file";

/** Spec §7: the export is saved under this name. */
export const EXPORT_FILE_NAME = "listings.csv";

/** The CSV of the given listings, or of every listing when no ids are given (no body: spec §7). */
export async function exportListings(listingIds?: readonly string[]): Promise<Blob> {
  const res = await apiRequest("POST", "/api/listings/export", listingIds ? { listingIds } : undefined);
  // Read whole before saving: the server streams, and a cut stream rejects here instead of
  // leaving a silently truncated file in Downloads.
  return res.blob();
}

export function useExportListings() {
  return useMutation({
    mutationFn: exportListings,
    onSuccess: (blob, listingIds) => {
      downloadBlob(blob, EXPORT_FILE_NAME);
      const what = listingIds
        ? `${listingIds.length.toLocaleString()} ${listingIds.length === 1 ? "listing" : "listings"}`
        : "All listings";
      toastSuccess(`${what} exported to ${EXPORT_FILE_NAME}`);
    },
    onError: () => {
      toastError("Export failed", "Failed to export listings. Please try again.");
    },
  });
}

/** The files beside the listings CSV, of every listing: a row per space, or per rent roll tenant. */
export const INCOME_EXPORTS = {
  spaces: { path: "/api/listings/export/spaces", fileName: "spaces.csv", what: "Spaces" },
  "rent-roll": { path: "/api/listings/export/rent-roll", fileName: "rent-roll.csv", what: "Rent rolls" },
} as const;
export type IncomeExport = keyof typeof INCOME_EXPORTS;

export function useExportIncomeFile() {
  return useMutation({
    mutationFn: async (file: IncomeExport) => (await apiRequest("POST", INCOME_EXPORTS[file].path)).blob(),
    onSuccess: (blob, file) => {
      downloadBlob(blob, INCOME_EXPORTS[file].fileName);
      toastSuccess(`${INCOME_EXPORTS[file].what} of all listings exported to ${INCOME_EXPORTS[file].fileName}`);
    },
    onError: () => {
      toastError("Export failed", "Failed to export. Please try again.");
    },
  });
}
