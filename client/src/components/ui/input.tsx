import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";

export const inputClasses =
  "flex h-9 w-full min-w-0 pointer-coarse:h-11 rounded-md border border-input bg-surface px-3 py-1 text-sm text-foreground shadow-xs transition-[border-color,box-shadow] placeholder:text-muted-foreground/80 focus-visible:border-ring focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-ring/20 disabled:cursor-not-allowed disabled:opacity-50 read-only:bg-muted read-only:text-muted-foreground aria-invalid:border-destructive aria-invalid:ring-destructive/15 max-md:text-base";

export function Input({ className, type = "text", ...props }: ComponentProps<"input">) {
  return <input type={type} className={cn(inputClasses, className)} {...props} />;
}
