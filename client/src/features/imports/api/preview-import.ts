import { useMutation } from "@tanstack/react-query";
import type { ImportPreviewReply, ImportPreviewRequest } from "@shared/imports/wire";
import type { Wire } from "@shared/wire";
import { apiJson } from "@/lib/api-client";

/** A dry run of the file: nothing is written; the reply's id is what a commit names. */
export const previewImport = (request: ImportPreviewRequest) =>
  apiJson<Wire<ImportPreviewReply>>("POST", "/api/imports/preview", request);

/** Errors are shown where the wizard asked (the file step, the Map step), not as toasts. */
export function usePreviewImport() {
  return useMutation({ mutationFn: previewImport });
}
