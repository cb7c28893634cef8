import { Check, Minus } from "lucide-react";
import { Checkbox as CheckboxPrimitive } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";

/**
 * A 16 px box. On a touch screen the control itself grows to 44x44 around the box while negative
 * margins keep its place in the layout, so a fingertip finds it without the layout changing.
 */
export function Checkbox({ className, ...props }: ComponentProps<typeof CheckboxPrimitive.Root>) {
  return (
    <CheckboxPrimitive.Root
      className={cn(
        "peer group inline-flex size-4 shrink-0 items-center justify-center rounded-[4px] disabled:cursor-not-allowed disabled:opacity-50 pointer-coarse:-m-3.5 pointer-coarse:size-11",
        className,
      )}
      {...props}
    >
      <span
        aria-hidden
        className="pointer-events-none inline-flex size-4 shrink-0 items-center justify-center rounded-[4px] border border-input bg-surface shadow-xs transition-colors group-data-[state=checked]:border-primary group-data-[state=checked]:bg-primary group-data-[state=checked]:text-primary-foreground group-data-[state=indeterminate]:border-primary group-data-[state=indeterminate]:bg-primary group-data-[state=indeterminate]:text-primary-foreground"
      >
        <CheckboxPrimitive.Indicator className="flex items-center justify-center">
          {props.checked === "indeterminate" ? (
            <Minus className="size-3" strokeWidth={3} aria-hidden />
          ) : (
            <Check className="size-3" strokeWidth={3} aria-hidden />
          )}
        </CheckboxPrimitive.Indicator>
      </span>
    </CheckboxPrimitive.Root>
  );
}
