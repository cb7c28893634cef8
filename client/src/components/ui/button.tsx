import { cva, type VariantProps } from "class-variance-authority";
import { Slot } from "./slot";
import type { ComponentProps } from "react";
import { cx } from "@/lib/cx";
import { Spinner } from "./spinner";

// The variants' and sizes' own classes are `.ui-button-*` in index.css's components layer, so any
// utility a caller passes (a ghost button's text colour, a smaller height) wins by the cascade and
// nothing merges them here. The state classes below stay utilities, so a caller's plain class
// (`bg-surface/90`) does not cover them. On a touch screen (coarse pointer) every button is at least
// 44x44 CSS pixels, the size a fingertip needs (checked on every screen by e2e/touch.e2e.ts); with
// a mouse they keep their compact sizes.
export const buttonVariants = cva(
  "ui-button pointer-coarse:min-h-11 pointer-coarse:min-w-11 disabled:pointer-events-none disabled:opacity-50 [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4",
  {
    variants: {
      variant: {
        default: "ui-button-default",
        secondary: "ui-button-secondary",
        outline: "ui-button-outline",
        ghost: "ui-button-ghost",
        destructive: "ui-button-destructive",
        link: "ui-button-link",
      },
      size: {
        sm: "ui-button-sm",
        default: "ui-button-md",
        lg: "ui-button-lg",
        icon: "ui-button-icon",
        "icon-sm": "ui-button-icon-sm",
      },
    },
    defaultVariants: { variant: "default", size: "default" },
  },
);

// A button's classes depend only on its variant, size and className, and a page draws the same
// few combinations over and over (a dozen listing cards hold five buttons each). Kept once each,
// a card that shows another listing skips composing them again.
const classNames = new Map<string, string>();
const MAX_CLASS_NAMES = 500;
function buttonClassName(variant: ButtonProps["variant"], size: ButtonProps["size"], className: string | undefined): string {
  // null (no variant class) and undefined (the default) differ, so both stay in the key.
  const key = `${String(variant)}|${String(size)}|${className ?? ""}`;
  let value = classNames.get(key);
  if (value === undefined) {
    // A caller with ever-changing classes cannot grow this without bound.
    if (classNames.size >= MAX_CLASS_NAMES) classNames.clear();
    value = cx(buttonVariants({ variant, size }), className);
    classNames.set(key, value);
  }
  return value;
}

export interface ButtonProps extends ComponentProps<"button">, VariantProps<typeof buttonVariants> {
  asChild?: boolean;
  /** Shows a spinner and blocks further clicks, so a double click cannot submit twice. */
  loading?: boolean;
}

export function Button({ className, variant, size, asChild, loading, disabled, children, ...props }: ButtonProps) {
  if (asChild) {
    return (
      <Slot className={buttonClassName(variant, size, className)} {...props}>
        {children}
      </Slot>
    );
  }
  return (
    <button
      type="button"
      className={buttonClassName(variant, size, className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...props}
    >
      {loading ? <Spinner label={null} /> : null}
      {children}
    </button>
  );
}
