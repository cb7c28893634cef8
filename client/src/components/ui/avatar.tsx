import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";

/** Up to two letters for a username: "alex.kim" → "AK", "sam" → "SA". */
export function initials(name: string): string {
  const parts = name.split(/[\s._-]+/).filter(Boolean);
  const letters = parts.length > 1 ? parts[0][0] + parts[1][0] : (parts[0] ?? name).slice(0, 2);
  return letters.toUpperCase();
}

/** A round badge with a person's initials; decorative, the name is always written next to it. */
export function Avatar({ name, className, ...props }: ComponentProps<"span"> & { name: string }) {
  return (
    <span
      aria-hidden
      className={cn(
        "flex size-8 shrink-0 select-none items-center justify-center rounded-full bg-primary/12 text-xs font-semibold text-primary",
        className,
      )}
      {...props}
    >
      {initials(name)}
    </span>
  );
}
