import { Check, Minus } from "lucide-react";
import type { ComponentProps, KeyboardEvent, MouseEvent } from "react";
import { cx } from "@/lib/cx";

export type CheckedState = boolean | "indeterminate";

export interface CheckboxProps extends Omit<ComponentProps<"button">, "value" | "onChange"> {
  checked: CheckedState;
  onCheckedChange?(checked: boolean): void;
}

/**
 * A 16 px box. On a touch screen the control itself grows to 44x44 around the box while negative
 * margins keep its place in the layout, so a fingertip finds it without the layout changing.
 * A button with the checkbox role, as Radix's was, written here because every card draws one and
 * the first page should not load Radix for it:
 * always controlled, a click or Space toggles it (mixed becomes checked), Enter does not (WAI-ARIA).
 */
export function Checkbox({ className, checked, onCheckedChange, onClick, onKeyDown, disabled, ...props }: CheckboxProps) {
  const state = checked === "indeterminate" ? "indeterminate" : checked ? "checked" : "unchecked";
  return (
    <button
      type="button"
      role="checkbox"
      aria-checked={checked === "indeterminate" ? "mixed" : checked}
      data-state={state}
      data-disabled={disabled ? "" : undefined}
      disabled={disabled}
      className={cx(
        "peer group inline-flex size-4 shrink-0 items-center justify-center rounded-[4px] disabled:cursor-not-allowed disabled:opacity-50 pointer-coarse:-m-3.5 pointer-coarse:size-11",
        className,
      )}
      onKeyDown={(event: KeyboardEvent<HTMLButtonElement>) => {
        onKeyDown?.(event);
        if (event.key === "Enter") event.preventDefault();
      }}
      onClick={(event: MouseEvent<HTMLButtonElement>) => {
        onClick?.(event);
        if (!event.defaultPrevented) onCheckedChange?.(checked === "indeterminate" ? true : !checked);
      }}
      {...props}
    >
      <span
        aria-hidden
        className="pointer-events-none inline-flex size-4 shrink-0 items-center justify-center rounded-[4px] border border-input bg-surface shadow-xs transition-colors group-data-[state=checked]:border-primary group-data-[state=checked]:bg-primary group-data-[state=checked]:text-primary-foreground group-data-[state=indeterminate]:border-primary group-data-[state=indeterminate]:bg-primary group-data-[state=indeterminate]:text-primary-foreground"
      >
        {state === "unchecked" ? null : (
          <span data-state={state} className="flex items-center justify-center">
            {state === "indeterminate" ? (
              <Minus className="size-3" strokeWidth={3} aria-hidden />
            ) : (
              <Check className="size-3" strokeWidth={3} aria-hidden />
            )}
          </span>
        )}
      </span>
    </button>
  );
}
