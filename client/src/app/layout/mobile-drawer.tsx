import { X } from "lucide-react";
import type { Dialog as DialogPrimitive } from "radix-ui";
import type { ComponentProps, ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { lazyOverlay, overlays, useOverlayPending } from "@/components/ui/lazy-overlay";

// The phone drawer is a Radix dialog that loads after the first paint or when its menu button is
// approached (lazy-overlay.tsx); its trigger is the menu button, so closing returns focus there.
const lazyDrawer = lazyOverlay<ComponentProps<typeof DialogPrimitive.Root>, ComponentProps<typeof DialogPrimitive.Trigger>>(
  (parts) => parts.Dialog,
  { haspopup: "dialog", opensOn: "click" },
);
export const MobileDrawer = lazyDrawer.Root;
export const MobileDrawerTrigger = lazyDrawer.Trigger;

function LoadedDrawerContent({ children }: { children: ReactNode }) {
  // Like every dialog: Escape closes the drawer before a newer toast (escape-order.ts). The hook
  // comes with the Radix parts, so the first page does not carry it.
  const { Dialog: DialogPrimitive, useDialogLayer } = overlays();
  const { contentRef, closeRef, ...focusHandlers } = useDialogLayer({});
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-black/40 data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in md:hidden" />
      <DialogPrimitive.Content
        ref={contentRef}
        {...focusHandlers}
        aria-describedby={undefined}
        className="fixed inset-y-0 left-0 z-50 w-72 max-w-[85vw] border-r border-sidebar-border shadow-overlay data-[state=closed]:animate-drawer-out data-[state=open]:animate-drawer-in md:hidden"
        data-testid="mobile-drawer"
      >
        <DialogPrimitive.Title className="sr-only">Navigation</DialogPrimitive.Title>
        {children}
        <DialogPrimitive.Close ref={closeRef} hidden tabIndex={-1} aria-hidden />
        <DialogPrimitive.Close asChild>
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label="Close navigation"
            className="absolute -right-11 top-3 bg-surface/90 shadow-xs hover:bg-accent"
          >
            <X aria-hidden />
          </Button>
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

/** The drawer's panel: nothing until Radix's dialog has loaded. */
export function MobileDrawerContent({ children }: { children: ReactNode }) {
  const pending = useOverlayPending();
  return pending ? null : <LoadedDrawerContent>{children}</LoadedDrawerContent>;
}
