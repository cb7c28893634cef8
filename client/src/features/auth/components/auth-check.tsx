import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/api-client";
import { AuthHeading } from "./auth-heading";

interface Check {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch(): unknown;
}

/**
 * What an auth page shows while it asks the server whether its form applies (an invitation, a
 * workspace without an admin): a spinner while asking, the reason and "Try again" when asking
 * failed, and null once the answer is in.
 */
export function checkState(check: Check, words: { checking: string; failed: string }): ReactNode | null {
  if (check.isPending) {
    return (
      <div className="flex items-center gap-3 text-sm text-muted-foreground">
        <Spinner label={null} />
        {words.checking}
      </div>
    );
  }
  if (check.isError) {
    return (
      <div className="grid gap-4" role="alert">
        <AuthHeading title={words.failed} description={errorMessage(check.error)} />
        <Button variant="outline" onClick={() => void check.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  return null;
}
