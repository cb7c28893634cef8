import type { Popover as PopoverPrimitive } from "radix-ui";
import type { ComponentProps } from "react";
import { cx } from "@/lib/cx";
import { lazyOverlay, overlays, useOverlayPending } from "./lazy-overlay";

// Radix's popover loads after the first paint or when a trigger is approached (lazy-overlay.tsx).
const lazyPopover = lazyOverlay<ComponentProps<typeof PopoverPrimitive.Root>, ComponentProps<typeof PopoverPrimitive.Trigger>>(
  (parts) => parts.Popover,
  { haspopup: "dialog", opensOn: "click" },
);
export const Popover = lazyPopover.Root;
export const PopoverTrigger = lazyPopover.Trigger;

export function PopoverClose(props: ComponentProps<typeof PopoverPrimitive.Close>) {
  const Close = overlays().Popover.Close;
  return <Close {...props} />;
}

export function PopoverContent({
  className,
  sideOffset = 6,
  collisionPadding = 8,
  ...props
}: ComponentProps<typeof PopoverPrimitive.Content>) {
  const pending = useOverlayPending();
  if (pending) return null;
  const PopoverPrimitive = overlays().Popover;
  return (
    <PopoverPrimitive.Portal>
      <PopoverPrimitive.Content
        sideOffset={sideOffset}
        collisionPadding={collisionPadding}
        className={cx(
          "z-50 origin-(--radix-popover-content-transform-origin) rounded-lg border bg-popover text-popover-foreground shadow-overlay outline-none data-[state=open]:animate-pop-in",
          className,
        )}
        {...props}
      />
    </PopoverPrimitive.Portal>
  );
}
