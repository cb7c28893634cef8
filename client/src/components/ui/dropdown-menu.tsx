import { Check } from "lucide-react";
import type { DropdownMenu as MenuPrimitive } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";
import { lazyOverlay, overlays, useOverlayPending } from "./lazy-overlay";

// Radix's menu loads after the first paint or when a trigger is approached (lazy-overlay.tsx);
// the parts below render only inside an open menu, when it has loaded.
const menu = () => overlays().DropdownMenu;

const lazyMenu = lazyOverlay<ComponentProps<typeof MenuPrimitive.Root>, ComponentProps<typeof MenuPrimitive.Trigger>>(
  (parts) => parts.DropdownMenu,
  { haspopup: "menu", opensOn: "pointerdown" },
);
export const DropdownMenu = lazyMenu.Root;
export const DropdownMenuTrigger = lazyMenu.Trigger;

export function DropdownMenuGroup(props: ComponentProps<typeof MenuPrimitive.Group>) {
  const Group = menu().Group;
  return <Group {...props} />;
}

export function DropdownMenuContent({
  className,
  sideOffset = 6,
  ...props
}: ComponentProps<typeof MenuPrimitive.Content>) {
  const pending = useOverlayPending();
  if (pending) return null;
  const MenuPrimitive = menu();
  return (
    <MenuPrimitive.Portal>
      <MenuPrimitive.Content
        sideOffset={sideOffset}
        className={cn(
          "z-50 min-w-44 origin-(--radix-dropdown-menu-content-transform-origin) overflow-hidden rounded-lg border bg-popover p-1 text-popover-foreground shadow-overlay data-[state=open]:animate-pop-in",
          className,
        )}
        {...props}
      />
    </MenuPrimitive.Portal>
  );
}

const itemClasses =
  "relative flex cursor-default select-none items-center gap-2 rounded-md px-2 py-1.5 text-sm pointer-coarse:min-h-11 outline-none transition-colors data-[disabled]:pointer-events-none data-[highlighted]:bg-accent data-[highlighted]:text-accent-foreground data-[disabled]:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0 [&_svg]:text-muted-foreground";

export function DropdownMenuItem({
  className,
  destructive,
  ...props
}: ComponentProps<typeof MenuPrimitive.Item> & { destructive?: boolean }) {
  const MenuPrimitive = menu();
  return (
    <MenuPrimitive.Item
      className={cn(itemClasses, destructive && "text-destructive data-[highlighted]:text-destructive [&_svg]:text-destructive", className)}
      {...props}
    />
  );
}

export function DropdownMenuCheckboxItem({
  className,
  children,
  ...props
}: ComponentProps<typeof MenuPrimitive.CheckboxItem>) {
  const MenuPrimitive = menu();
  return (
    <MenuPrimitive.CheckboxItem className={cn(itemClasses, "pl-8", className)} {...props}>
      <span className="absolute left-2 flex size-4 items-center justify-center">
        <MenuPrimitive.ItemIndicator>
          <Check />
        </MenuPrimitive.ItemIndicator>
      </span>
      {children}
    </MenuPrimitive.CheckboxItem>
  );
}

export function DropdownMenuLabel({ className, ...props }: ComponentProps<typeof MenuPrimitive.Label>) {
  const MenuPrimitive = menu();
  return <MenuPrimitive.Label className={cn("px-2 py-1.5 text-xs font-medium text-muted-foreground", className)} {...props} />;
}

export function DropdownMenuSeparator({ className, ...props }: ComponentProps<typeof MenuPrimitive.Separator>) {
  const MenuPrimitive = menu();
  return <MenuPrimitive.Separator className={cn("-mx-1 my-1 h-px bg-border", className)} {...props} />;
}
