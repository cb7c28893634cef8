import { QueryClientProvider } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { LazyToaster } from "@/components/ui/lazy-toaster";
import { toastError } from "@/components/ui/use-toast";
import { clearSession } from "@/features/auth/api/logout";
import { createQueryClient } from "@/lib/query-client";
import { authKeys } from "@/lib/first-page-query-keys";
import { ErrorBoundary } from "./error-boundary";

function buildQueryClient() {
  const client = createQueryClient({
    // A 401 while signed in means the session ended elsewhere (expired, signed out in another
    // tab): drop to the sign-in page with a clear reason instead of failing screen by screen.
    onUnauthorized: () => {
      if (!client.getQueryData(authKeys.user)) return;
      clearSession(client);
      toastError("Your session has ended", "Please sign in again.");
    },
  });
  return client;
}

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(buildQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <ErrorBoundary>{children}</ErrorBoundary>
      <LazyToaster />
    </QueryClientProvider>
  );
}
