import { useQueryClient } from "@tanstack/react-query";
import { useEffect, type ReactNode } from "react";
import { Redirect, useLocation } from "wouter";
import { Button } from "@/components/ui/button";
import { PageSpinner } from "@/components/ui/spinner";
import { useUser } from "@/features/auth/api/get-user";
import { errorMessage } from "@/lib/api-client";
import { useLiveEvents } from "@/lib/use-live-events";
import { OFFLINE_MESSAGE } from "./pwa/app-banners";
import { useOnline } from "./pwa/use-online";
import { forgetReturn, rememberReturn, returnPath } from "./return-after-sign-in";

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
 * Spec §2: a centred spinner while the user loads, /auth when nobody is signed in. A record's
 * address (a lead's) is remembered on the way, so sign-in comes back to it (./return-after-sign-in.ts).
 */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const { user, isPending, isError, error, refetch } = useUser();
  const [location] = useLocation();
  // The workspace is live while someone is signed in: teammates' changes refresh what is on screen.
  useLiveEvents(useQueryClient(), user?.id);
  const signedIn = Boolean(user);
  useEffect(() => {
    if (signedIn) forgetReturn();
    else if (!isPending && !isError) rememberReturn(location);
  }, [signedIn, isPending, isError, location]);
  if (isPending) return <PageSpinner label="Checking your session" />;
  if (isError) return <SessionError error={error} retry={() => void refetch()} />;
  if (!user) return <Redirect to="/auth" replace />;
  return children;
}

/** /auth is for signed-out people only: a signed-in user goes to /, or back to the record whose address brought them here. */
export function GuestOnlyRoute({ children }: { children: ReactNode }) {
  const { user, isPending, isError, error, refetch } = useUser();
  if (isPending) return <PageSpinner label="Checking your session" />;
  if (isError) return <SessionError error={error} retry={() => void refetch()} />;
  if (user) return <Redirect to={returnPath()} replace />;
  return children;
}
