import type { ComponentProps } from "react";
import { cx } from "@/lib/cx";

// The field's plain look is `.ui-input` in index.css's components layer, so a caller's utility
// (`h-8`, `border-primary/50`) wins by the cascade; its states stay utilities, which a caller's
// plain class does not cover (focus still shows the ring's border, a touch screen the taller field).
export const inputStateClasses =
  "pointer-coarse:h-11 placeholder:text-muted-foreground/80 focus-visible:border-ring focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-ring/20 disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive aria-invalid:ring-destructive/15 max-md:text-base";
export const inputClasses = `ui-input ${inputStateClasses} read-only:bg-muted read-only:text-muted-foreground`;

export function Input({ className, type = "text", ...props }: ComponentProps<"input">) {
  return <input type={type} className={cx(inputClasses, className)} {...props} />;
}
