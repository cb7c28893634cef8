import { Laptop, LogOut } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/api-client";
import { formatShortDateTime, isoDate } from "@/lib/format-date";
import { useEndOtherSessions, useEndSession } from "../api/end-sessions";
import { useSessions, type SessionItem } from "../api/get-sessions";

function When({ label, value }: { label: string; value: string | null }) {
  if (!value) return null;
  return (
    <span>
      {label} <time dateTime={isoDate(value)}>{formatShortDateTime(value)}</time>
    </span>
  );
}

function SessionRow({ session }: { session: SessionItem }) {
  const end = useEndSession();
  return (
    <li className="flex flex-col gap-3 py-3.5 sm:flex-row sm:items-center sm:gap-4" data-testid="session-row">
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground">
          <Laptop className="size-4" aria-hidden />
        </span>
        <div className="grid min-w-0">
          <span className="flex flex-wrap items-center gap-2">
            <span className="font-medium">{session.browser}</span>
            {session.current ? <Badge variant="success">This session</Badge> : null}
          </span>
          <span className="flex flex-wrap gap-x-3 text-xs text-muted-foreground">
            {session.address ? <span>{session.address}</span> : null}
            <When label="Started" value={session.startedAt} />
            <When label="Last active" value={session.current ? null : session.lastActiveAt} />
          </span>
        </div>
      </div>
      {session.current ? null : (
        <Button
          variant="outline"
          size="sm"
          className="self-start pl-3 sm:self-center"
          loading={end.isPending}
          aria-label={`Sign out ${session.browser}, started ${session.startedAt ? formatShortDateTime(session.startedAt) : "earlier"}`}
          onClick={() => end.mutate(session.id)}
        >
          <LogOut aria-hidden />
          Sign out
        </Button>
      )}
    </li>
  );
}

export function SessionList() {
  const sessions = useSessions();
  const endOthers = useEndOtherSessions();
  const others = sessions.data?.filter((s) => !s.current).length ?? 0;
  return (
    <Card>
      <CardHeader className="flex flex-col gap-3 pb-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1.5">
          <h2 className="text-base font-semibold tracking-tight">Your sessions</h2>
          <CardDescription>Where you are signed in. Last activity is known to within a day.</CardDescription>
        </div>
        <Button variant="outline" size="sm" disabled={others === 0} loading={endOthers.isPending} onClick={() => endOthers.mutate()}>
          Sign out everywhere else
        </Button>
      </CardHeader>
      <CardContent>
        {sessions.isPending ? (
          <Skeleton className="h-12 w-full" aria-label="Loading sessions" />
        ) : sessions.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(sessions.error)}
          </p>
        ) : (
          <ul className="divide-y" aria-label="Sessions">
            {sessions.data.map((session) => (
              <SessionRow key={session.id} session={session} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
