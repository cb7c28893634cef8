import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { errorMessage } from "@/lib/api-client";
import { cn } from "@/lib/cn";
import { Button, type ButtonProps } from "./button";

interface EmptyStateProps {
  icon?: LucideIcon;
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  className?: string;
}

export function EmptyState({ icon: Icon, title, description, action, className }: EmptyStateProps) {
  return (
    <div
      className={cn(
        "flex flex-col items-center justify-center gap-3 rounded-xl border border-dashed bg-surface/60 px-6 py-14 text-center",
        className,
      )}
    >
      {Icon ? (
        <div className="flex size-10 items-center justify-center rounded-full bg-muted text-muted-foreground">
          <Icon className="size-5" aria-hidden />
        </div>
      ) : null}
      <div className="grid max-w-sm gap-1">
        <p className="text-sm font-semibold text-foreground">{title}</p>
        {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
      </div>
      {action ? <div className="mt-1">{action}</div> : null}
    </div>
  );
}

interface LoadFailedProps {
  icon?: LucideIcon;
  /** What failed, as the screen names it ("Failed to load agents"). */
  title: string;
  error: unknown;
  onRetry(): void;
  size?: ButtonProps["size"];
  className?: string;
}

/** A list that could not be loaded: the server's reason, and a way to ask again. */
export function LoadFailed({ icon, title, error, onRetry, size, className }: LoadFailedProps) {
  return (
    <EmptyState
      icon={icon}
      title={title}
      description={errorMessage(error)}
      action={
        <Button variant="outline" size={size} onClick={onRetry}>
          Try again
        </Button>
      }
      className={className}
    />
  );
}
