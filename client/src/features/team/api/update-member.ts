import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toastError, toastSuccess } from "@/components/ui/use-toast";
import { apiJson, errorMessage } from "@/lib/api-client";
import { invalidate } from "@/lib/query-cache";
import { authKeys, memberKeys, userKeys } from "@/lib/query-keys";
import type { MemberItem } from "./get-members";

export interface MemberChange {
  isAdmin?: boolean;
  isActive?: boolean;
}

export const updateMember = ({ id, ...change }: MemberChange & { id: number }) =>
  apiJson<MemberItem>("PATCH", `/api/team/members/${id}`, change);

const done = (m: MemberItem, change: MemberChange) => {
  if (change.isActive === false) return `${m.username} was deactivated and signed out`;
  if (change.isActive === true) return `${m.username} was reactivated`;
  return change.isAdmin ? `${m.username} is now an admin` : `${m.username} is now a team member`;
};

export function useUpdateMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMember,
    onSuccess: (member, { id: _id, ...change }) => {
      toastSuccess(done(member, change));
      // Demoting yourself changes what you may see; the mention picker's list changes with state.
      return Promise.all([invalidate(queryClient, memberKeys.all), invalidate(queryClient, userKeys.all), invalidate(queryClient, authKeys.user)]);
    },
    onError: (error) => {
      toastError("Failed to update member", errorMessage(error));
      void invalidate(queryClient, memberKeys.all);
    },
  });
}
