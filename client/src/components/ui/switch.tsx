import type { ComponentProps, MouseEvent } from "react";
import { cx } from "@/lib/cx";

export interface SwitchProps extends Omit<ComponentProps<"button">, "value" | "onChange"> {
  checked: boolean;
  onCheckedChange?(checked: boolean): void;
}

/**
 * A 36x20 track. On a touch screen the control grows to 44x44 around the track while negative
 * margins keep its place in the layout (see Checkbox). A button with the switch role, as Radix's
 * was, written here because every card draws one (see Checkbox); always controlled.
 */
export function Switch({ className, checked, onCheckedChange, onClick, disabled, ...props }: SwitchProps) {
  const state = checked ? "checked" : "unchecked";
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      data-state={state}
      data-disabled={disabled ? "" : undefined}
      disabled={disabled}
      className={cx(
        "peer group inline-flex h-5 w-9 shrink-0 items-center justify-center rounded-full disabled:cursor-not-allowed disabled:opacity-50 pointer-coarse:-mx-1 pointer-coarse:-my-3 pointer-coarse:size-11",
        className,
      )}
      onClick={(event: MouseEvent<HTMLButtonElement>) => {
        onClick?.(event);
        if (!event.defaultPrevented) onCheckedChange?.(!checked);
      }}
      {...props}
    >
      <span
        aria-hidden
        className="pointer-events-none inline-flex h-5 w-9 shrink-0 items-center rounded-full border border-transparent bg-input shadow-xs transition-colors group-data-[state=checked]:bg-primary"
      >
        <span
          data-state={state}
          className="pointer-events-none block size-4 rounded-full bg-white shadow-sm ring-0 transition-transform data-[state=checked]:translate-x-4 data-[state=unchecked]:translate-x-0.5"
        />
      </span>
    </button>
  );
}
