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

/**
 * A spinner in the middle of the screen (spec §2: "a centred spinner"): the whole screen while
 * the session loads, the screen below the layout's top bar while a signed-in page's code loads.
 */
export function PageSpinner({ label = "Loading", fill = "screen" }: { label?: string; fill?: "screen" | "content" }) {
  return (
    <div
      className={cn(
        "flex flex-1 items-center justify-center text-muted-foreground",
        fill === "screen" ? "min-h-dvh" : "min-h-[calc(100dvh-10rem)]",
      )}
      data-testid="page-spinner"
    >
      <Spinner className="size-6" label={label} />
    </div>
  );
}
