import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { initAdminSchema } from "@shared/schema";
import { toastError } from "@/components/ui/use-toast";
import { apiJson, errorMessage } from "@/lib/api-client";
import { invalidate } from "@/lib/query-cache";
import { authKeys } from "@/lib/query-keys";
import type { SessionUser } from "./get-user";

export type InitAdminInput = z.output<typeof initAdminSchema>;

export const initAdmin = (input: InitAdminInput) => apiJson<SessionUser>("POST", "/api/init-admin", input);

export function useInitAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: initAdmin,
    onSuccess: (user) => {
      queryClient.setQueryData(authKeys.needsSetup, { needsSetup: false });
      queryClient.setQueryData(authKeys.user, user);
    },
    onError: (error) => {
      toastError("Setup failed", errorMessage(error));
      // Someone else may have finished setup meanwhile: ask again so the page can say so.
      void invalidate(queryClient, authKeys.needsSetup);
    },
  });
}
