import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";
import { inputClasses } from "./input";

/**
 * The browser's own select, styled as an input: on a phone it opens the system picker, which
 * suits long lists (the import wizard's 34 fields). A select matches CSS :read-only, so the
 * input's read-only look is undone here.
 */
export function NativeSelect({ className, ...props }: ComponentProps<"select">) {
  return <select className={cn(inputClasses, "read-only:bg-surface read-only:text-foreground", className)} {...props} />;
}
