import type { ComponentProps } from "react";
import { cx } from "@/lib/cx";
import { inputStateClasses } from "./input";

/**
 * The browser's own select, styled as an input: on a phone it opens the system picker, which
 * suits long lists (the import wizard's 34 fields). A select matches CSS :read-only, so it takes
 * the input's look without the input's read-only one.
 */
export function NativeSelect({ className, ...props }: ComponentProps<"select">) {
  return <select className={cx("ui-input", inputStateClasses, className)} {...props} />;
}
