import { Loader2 } from "lucide-react";
import { cx } from "@/lib/cx";

interface SpinnerProps {
  className?: string;
  /** Read by screen readers; pass null when the surrounding text already says what is loading. */
  label?: string | null;
}

// `.ui-spinner` (index.css, components layer): a caller's size (`size-6`) wins by the cascade.
export function Spinner({ className, label = "Loading" }: SpinnerProps) {
  return (
    <span role={label ? "status" : undefined} className="inline-flex items-center">
      <Loader2 aria-hidden className={cx("ui-spinner", className)} />
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
      className={cx(
        "flex flex-1 items-center justify-center text-muted-foreground",
        fill === "screen" ? "min-h-dvh" : "min-h-[calc(100dvh-10rem)]",
      )}
      data-testid="page-spinner"
    >
      <Spinner className="size-6" label={label} />
    </div>
  );
}
