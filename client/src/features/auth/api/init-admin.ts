import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { initAdminSchema } from "@shared/schema";
import { toastError } from "@/components/ui/use-toast";
import { apiJson, errorMessage } from "@/lib/api-client";
import { needsSetupQueryKey } from "./get-needs-setup";
import { userQueryKey, type SessionUser } from "./get-user";

export type InitAdminInput = z.output<typeof initAdminSchema>;

export const initAdmin = (input: InitAdminInput) => apiJson<SessionUser>("POST", "/api/init-admin", input);

export function useInitAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: initAdmin,
    onSuccess: (user) => {
      queryClient.setQueryData(needsSetupQueryKey, { needsSetup: false });
      queryClient.setQueryData(userQueryKey, user);
    },
    onError: (error) => {
      toastError("Setup failed", errorMessage(error));
      // Someone else may have finished setup meanwhile: ask again so the page can say so.
      void queryClient.invalidateQueries({ queryKey: needsSetupQueryKey });
    },
  });
}
