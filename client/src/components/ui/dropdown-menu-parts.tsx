import { Check } from "lucide-react";
import { DropdownMenu as MenuPrimitive } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";

// The styled parts of an open menu: they come with Radix's in the overlay chunk
// (overlay-primitives.ts), so the first page carries only dropdown-menu.tsx's stand-ins.

export function MenuGroup(props: ComponentProps<typeof MenuPrimitive.Group>) {
  return <MenuPrimitive.Group {...props} />;
}

export function MenuContent({
  className,
  sideOffset = 6,
  keyboardOpening,
  ref,
  ...props
}: ComponentProps<typeof MenuPrimitive.Content> & {
  /** Whether this opening came from a key pressed before the menu loaded (lazy-overlay.tsx); asked once. */
  keyboardOpening?: () => boolean;
}) {
  const focusFirstItem = (element: HTMLDivElement | null) => {
    // As Radix does for a key it heard itself: the first item takes focus, so arrows, Home, End
    // and typing go on from there. Focus already inside, Radix's own focusing then leaves it.
    if (element && keyboardOpening?.()) element.querySelector<HTMLElement>('[role^="menuitem"]:not([data-disabled])')?.focus({ preventScroll: true });
    if (typeof ref === "function") return ref(element);
    if (ref) ref.current = element;
  };
  return (
    <MenuPrimitive.Portal>
      <MenuPrimitive.Content
        ref={focusFirstItem}
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

export function MenuItem({
  className,
  destructive,
  ...props
}: ComponentProps<typeof MenuPrimitive.Item> & { destructive?: boolean }) {
  return (
    <MenuPrimitive.Item
      className={cn(itemClasses, destructive && "text-destructive data-[highlighted]:text-destructive [&_svg]:text-destructive", className)}
      {...props}
    />
  );
}

export function MenuCheckboxItem({
  className,
  children,
  ...props
}: ComponentProps<typeof MenuPrimitive.CheckboxItem>) {
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

export function MenuLabel({ className, ...props }: ComponentProps<typeof MenuPrimitive.Label>) {
  return <MenuPrimitive.Label className={cn("px-2 py-1.5 text-xs font-medium text-muted-foreground", className)} {...props} />;
}

export function MenuSeparator({ className, ...props }: ComponentProps<typeof MenuPrimitive.Separator>) {
  return <MenuPrimitive.Separator className={cn("-mx-1 my-1 h-px bg-border", className)} {...props} />;
}
