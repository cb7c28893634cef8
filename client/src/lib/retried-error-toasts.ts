// An error toast goes away when the same action then succeeds:
// a failed sign-in's "Login failed" once the next sign-in works. Mutation cache callbacks see every mutation, so
// no form has to remember its toast. The action is the mutation's key, or else its mutation
// function (the hooks pass module-level functions, the same for every attempt).
import { hashKey, type Mutation, type MutationCacheConfig } from "@tanstack/react-query";
import { dismissErrorToasts, toastMark } from "@/components/ui/use-toast";

interface Failure {
  /** Toasts after this one came from the failure's handlers... */
  after: number;
  /** ...up to this one, when the next attempt started (Infinity until then). */
  upTo: number;
}

type AnyMutation = Mutation<unknown, unknown, unknown>;

const actionOf = ({ options }: AnyMutation): unknown => (options.mutationKey ? hashKey(options.mutationKey) : options.mutationFn);

/** The mutation cache callbacks; onError composes with the caller's own. */
export function retriedErrorToasts(): Required<Pick<MutationCacheConfig, "onMutate" | "onSuccess" | "onError">> {
  const failures = new Map<unknown, Failure>();
  return {
    onError: (_error, _variables, _result, mutation) => {
      // Its error toast comes next, from the mutation's own handlers.
      failures.set(actionOf(mutation), { after: toastMark(), upTo: Infinity });
    },
    onMutate: (_variables, mutation) => {
      const failure = failures.get(actionOf(mutation));
      if (failure && failure.upTo === Infinity) failure.upTo = toastMark();
    },
    onSuccess: (_data, _variables, _result, mutation) => {
      const action = actionOf(mutation);
      const failure = failures.get(action);
      if (!failure) return;
      failures.delete(action);
      dismissErrorToasts(failure.after, failure.upTo);
    },
  };
}
