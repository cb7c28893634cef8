import type { ComponentProps } from "react";
import { cx } from "@/lib/cx";

// `.ui-skeleton` (index.css, components layer): a caller's utilities (`rounded-full`) win by the cascade.
export function Skeleton({ className, ...props }: ComponentProps<"div">) {
  return <div aria-hidden className={cx("ui-skeleton", className)} {...props} />;
}
