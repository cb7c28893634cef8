import { Switch as SwitchPrimitive } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";

/**
 * A 36x20 track. On a touch screen the control grows to 44x44 around the track while negative
 * margins keep its place in the layout (see Checkbox).
 */
export function Switch({ className, ...props }: ComponentProps<typeof SwitchPrimitive.Root>) {
  return (
    <SwitchPrimitive.Root
      className={cn(
        "peer group inline-flex h-5 w-9 shrink-0 items-center justify-center rounded-full disabled:cursor-not-allowed disabled:opacity-50 pointer-coarse:-mx-1 pointer-coarse:-my-3 pointer-coarse:size-11",
        className,
      )}
      {...props}
    >
      <span
        aria-hidden
        className="pointer-events-none inline-flex h-5 w-9 shrink-0 items-center rounded-full border border-transparent bg-input shadow-xs transition-colors group-data-[state=checked]:bg-primary"
      >
        <SwitchPrimitive.Thumb className="pointer-events-none block size-4 rounded-full bg-white shadow-sm ring-0 transition-transform data-[state=checked]:translate-x-4 data-[state=unchecked]:translate-x-0.5" />
      </span>
    </SwitchPrimitive.Root>
  );
}
