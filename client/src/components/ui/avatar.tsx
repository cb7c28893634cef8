import type { ComponentProps } from "react";
import { cx } from "@/lib/cx";

/** Up to two letters for a username: "alex.kim" → "AK", "sam" → "SA". */
export function initials(name: string): string {
  const parts = name.split(/[\s._-]+/).filter(Boolean);
  const letters = parts.length > 1 ? parts[0][0] + parts[1][0] : (parts[0] ?? name).slice(0, 2);
  return letters.toUpperCase();
}

/**
 * A round badge with a person's initials; decorative, the name is always written next to it. Its
 * look is `.ui-avatar` (index.css, components layer), so a caller's size or text size wins by the cascade.
 */
export function Avatar({ name, className, ...props }: ComponentProps<"span"> & { name: string }) {
  return (
    <span
      aria-hidden
      className={cx("ui-avatar", className)}
      {...props}
    >
      {initials(name)}
    </span>
  );
}
