import { Loader2 } from "lucide-react";
import { cn } from "@/lib/cn";

interface SpinnerProps {
  className?: string;
  /** Read by screen readers; pass null when the surrounding text already says what is loading. */
  label?: string | null;
}

export function Spinner({ className, label = "Loading" }: SpinnerProps) {
  return (
    <span role={label ? "status" : undefined} className="inline-flex items-center">
      <Loader2 aria-hidden className={cn("size-4 animate-spin", className)} />
      {label ? <span className="sr-only">{label}</span> : null}
    </span>
  );
}

/** Centred spinner filling its container: used while the session or a lazy page loads. */
export function PageSpinner({ label = "Loading" }: { label?: string }) {
  return (
    <div className="flex min-h-[50vh] flex-1 items-center justify-center text-muted-foreground" data-testid="page-spinner">
      <Spinner className="size-6" label={label} />
    </div>
  );
}
