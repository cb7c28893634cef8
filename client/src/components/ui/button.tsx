import { cva, type VariantProps } from "class-variance-authority";
import { Slot } from "./slot";
import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";
import { Spinner } from "./spinner";

// On a touch screen (coarse pointer) every button is at least 44x44 CSS pixels, the size a
// fingertip needs (checked on every screen by e2e/touch.e2e.ts); with a mouse they keep their compact sizes.
export const buttonVariants = cva(
  "inline-flex shrink-0 select-none items-center justify-center gap-2 whitespace-nowrap rounded-md pointer-coarse:min-h-11 pointer-coarse:min-w-11 text-sm font-medium transition-[color,background-color,border-color,box-shadow] disabled:pointer-events-none disabled:opacity-50 [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4",
  {
    variants: {
      variant: {
        default: "bg-primary text-primary-foreground shadow-xs hover:bg-primary-hover",
        secondary: "bg-secondary text-secondary-foreground hover:bg-accent",
        outline: "border border-input bg-surface text-foreground shadow-xs hover:bg-accent",
        ghost: "text-foreground hover:bg-accent",
        destructive: "bg-destructive text-destructive-foreground shadow-xs hover:bg-destructive/90",
        link: "h-auto px-0 text-primary underline-offset-4 hover:underline",
      },
      size: {
        sm: "h-8 px-3 text-[13px]",
        default: "h-9 px-4",
        lg: "h-10 px-5",
        icon: "size-9",
        "icon-sm": "size-8",
      },
    },
    defaultVariants: { variant: "default", size: "default" },
  },
);

// A button's classes depend only on its variant, size and className, and a page draws the same
// few combinations over and over (a dozen listing cards hold five buttons each). Kept once each,
// a card that shows another listing skips composing and merging them again.
const classNames = new Map<string, string>();
const MAX_CLASS_NAMES = 500;
function buttonClassName(variant: ButtonProps["variant"], size: ButtonProps["size"], className: string | undefined): string {
  // null (no variant class) and undefined (the default) differ, so both stay in the key.
  const key = `${String(variant)}|${String(size)}|${className ?? ""}`;
  let value = classNames.get(key);
  if (value === undefined) {
    // A caller with ever-changing classes cannot grow this without bound.
    if (classNames.size >= MAX_CLASS_NAMES) classNames.clear();
    value = cn(buttonVariants({ variant, size }), className);
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
