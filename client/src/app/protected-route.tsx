import { useQueryClient } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Redirect, useLocation, useSearch } from "wouter";
import { Button } from "@/components/ui/button";
import { PageSpinner } from "@/components/ui/spinner";
import { useUser } from "@/features/auth/api/get-user";
import { errorMessage } from "@/lib/api-client";
import { useLiveEvents } from "@/lib/use-live-events";
import { returnAddress, signInAddress } from "./return-address";
import { OFFLINE_MESSAGE, useOnline } from "./pwa/use-online";

function SessionError({ error, retry }: { error: unknown; retry: () => void }) {
  // Offline the reason is the connection, whatever the failed request said; the session is
  // checked again by itself when the connection returns.
  const online = useOnline();
  return (
    <div role="alert" className="flex min-h-dvh flex-col items-center justify-center gap-4 px-6 text-center">
      <div className="grid gap-1">
        <h1>We couldn't check your session</h1>
        <p className="max-w-sm text-sm text-muted-foreground">{online ? errorMessage(error) : OFFLINE_MESSAGE}</p>
      </div>
      <Button onClick={retry}>Try again</Button>
    </div>
  );
}

/**
 * Spec §2: a centred spinner while the user loads, /auth when nobody is signed in (naming the page
 * to come back to, return-address.ts).
 */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const { user, isPending, isError, error, refetch } = useUser();
  const [location] = useLocation();
  const search = useSearch();
  // The workspace is live while someone is signed in: teammates' changes refresh what is on screen.
  useLiveEvents(useQueryClient(), user?.id);
  if (isPending) return <PageSpinner label="Checking your session" />;
  if (isError) return <SessionError error={error} retry={() => void refetch()} />;
  if (!user) return <Redirect to={signInAddress(location, search)} replace />;
  return children;
}

/** /auth is for signed-out people only: a signed-in user goes to /, or to the page they had opened. */
export function GuestOnlyRoute({ children }: { children: ReactNode }) {
  const { user, isPending, isError, error, refetch } = useUser();
  const search = useSearch();
  if (isPending) return <PageSpinner label="Checking your session" />;
  if (isError) return <SessionError error={error} retry={() => void refetch()} />;
  if (user) return <Redirect to={returnAddress(search)} replace />;
  return children;
}
