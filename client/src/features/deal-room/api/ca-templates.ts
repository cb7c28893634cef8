import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CaTemplate, CaTemplateInput } from "@shared/deal-room";
import { apiJson } from "@/lib/api-client";
import { roomKeys } from "./room-rules";

export function useCaTemplates() {
  return useQuery({ queryKey: roomKeys.templates(), queryFn: () => apiJson<CaTemplate[]>("GET", "/api/ca-templates") });
}

/** A new template (id absent) or a new version of one: old versions stay bound to their signatures. */
export function useSaveCaTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: CaTemplateInput }) =>
      id === undefined ? apiJson<CaTemplate>("POST", "/api/ca-templates", input) : apiJson<CaTemplate>("PUT", `/api/ca-templates/${id}`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roomKeys.templates() }),
  });
}
