import type { DropdownMenu as MenuPrimitive } from "radix-ui";
import type { ComponentProps } from "react";
import { lazyOverlay, overlays, useKeyboardOpening, useOverlayPending } from "./lazy-overlay";

// Radix's menu loads after the first paint or when a trigger is approached (lazy-overlay.tsx);
// the parts below render only inside an open menu, when it has loaded, and are drawn by
// dropdown-menu-parts.tsx, which comes in the same chunk.
const parts = () => overlays().menuParts;

const lazyMenu = lazyOverlay<ComponentProps<typeof MenuPrimitive.Root>, ComponentProps<typeof MenuPrimitive.Trigger>>(
  (parts) => parts.DropdownMenu,
  { haspopup: "menu", opensOn: "pointerdown" },
);
export const DropdownMenu = lazyMenu.Root;
export const DropdownMenuTrigger = lazyMenu.Trigger;

type Parts = ReturnType<typeof overlays>["menuParts"];
type PartProps<K extends keyof Parts> = ComponentProps<Parts[K]>;

export function DropdownMenuGroup(props: PartProps<"MenuGroup">) {
  const { MenuGroup } = parts();
  return <MenuGroup {...props} />;
}

export function DropdownMenuContent(props: PartProps<"MenuContent">) {
  const pending = useOverlayPending();
  const keyboardOpening = useKeyboardOpening();
  if (pending) return null;
  const { MenuContent } = parts();
  return <MenuContent {...props} keyboardOpening={keyboardOpening} />;
}

export function DropdownMenuItem(props: PartProps<"MenuItem">) {
  const { MenuItem } = parts();
  return <MenuItem {...props} />;
}

export function DropdownMenuCheckboxItem(props: PartProps<"MenuCheckboxItem">) {
  const { MenuCheckboxItem } = parts();
  return <MenuCheckboxItem {...props} />;
}

export function DropdownMenuLabel(props: PartProps<"MenuLabel">) {
  const { MenuLabel } = parts();
  return <MenuLabel {...props} />;
}

export function DropdownMenuSeparator(props: PartProps<"MenuSeparator">) {
  const { MenuSeparator } = parts();
  return <MenuSeparator {...props} />;
}
