import { cva, type VariantProps } from "class-variance-authority";
import type { ComponentProps } from "react";
import { cx } from "@/lib/cx";

// The classes are `.ui-badge-*` in index.css's components layer: a caller's text colour wins by the cascade.
export const badgeVariants = cva("ui-badge", {
  variants: {
    variant: {
      default: "ui-badge-default",
      secondary: "ui-badge-secondary",
      outline: "ui-badge-outline",
      success: "ui-badge-success",
      warning: "ui-badge-warning",
      destructive: "ui-badge-destructive",
      muted: "ui-badge-muted",
    },
  },
  defaultVariants: { variant: "default" },
});

export interface BadgeProps extends ComponentProps<"span">, VariantProps<typeof badgeVariants> {}

export function Badge({ className, variant, ...props }: BadgeProps) {
  return <span className={cx(badgeVariants({ variant }), className)} {...props} />;
}
