import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { insertInvitationSchema } from "@shared/schema";
import { toastError } from "@/components/ui/use-toast";
import { apiJson, errorMessage } from "@/lib/api-client";
import { invalidate } from "@/lib/query-cache";
import { invitationKeys } from "@/lib/query-keys";
import type { InvitationItem } from "./get-invitations";

export type CreateInvitationInput = z.output<typeof insertInvitationSchema>;
export type CreatedInvitation = InvitationItem & { inviteLink: string };

export const createInvitation = (input: CreateInvitationInput) =>
  apiJson<CreatedInvitation>("POST", "/api/invitations", input);

export function useCreateInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInvitation,
    onSuccess: () => invalidate(queryClient, invitationKeys.all),
    onError: (error) => {
      toastError("Failed to create invitation", errorMessage(error));
    },
  });
}
