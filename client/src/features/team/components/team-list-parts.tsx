import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";

/** The team page's lists (members, invitations) while they load: three rows shaped like theirs. */
export function TeamListSkeleton({ label, withDate }: { label: string; withDate: boolean }) {
  return (
    <Card aria-busy="true" aria-label={label}>
      <ul className="divide-y">
        {Array.from({ length: 3 }, (_, i) => (
          <li key={i} className="flex items-center gap-3 px-5 py-4">
            <Skeleton className="size-9 rounded-full" />
            {withDate ? (
              <>
                <div className="grid min-w-0 flex-1 gap-2">
                  <Skeleton className="h-3.5 w-48 max-w-full" />
                  <Skeleton className="h-3 w-24" />
                </div>
                <Skeleton className="h-5 w-16 rounded-full" />
              </>
            ) : (
              <Skeleton className="h-3.5 w-48 max-w-full" />
            )}
          </li>
        ))}
      </ul>
    </Card>
  );
}

/** A team row's round icon and the lines beside it (who, and when). */
export function TeamRowLead({ icon: Icon, children }: { icon: LucideIcon; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-1 items-center gap-3">
      <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <Icon className="size-4" aria-hidden />
      </span>
      <div className="grid min-w-0">{children}</div>
    </div>
  );
}
