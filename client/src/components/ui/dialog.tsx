import { X } from "lucide-react";
import { Dialog as DialogPrimitive } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";
import { useDialogLayer } from "./use-dialog-layer";

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

export function DialogOverlay({ className, ...props }: ComponentProps<typeof DialogPrimitive.Overlay>) {
  return (
    <DialogPrimitive.Overlay
      className={cn(
        "fixed inset-0 z-50 bg-black/40 backdrop-blur-[1px] data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in",
        className,
      )}
      {...props}
    />
  );
}

interface DialogContentProps extends ComponentProps<typeof DialogPrimitive.Content> {
  /** Hide the corner close button (e.g. when the footer has its own Cancel). */
  hideClose?: boolean;
}

export function DialogContent({
  className,
  children,
  hideClose,
  onCloseAutoFocus,
  onEscapeKeyDown,
  onInteractOutside,
  ...props
}: DialogContentProps) {
  const { contentRef, closeRef, ...focusHandlers } = useDialogLayer({ onCloseAutoFocus, onEscapeKeyDown });
  return (
    <DialogPrimitive.Portal>
      <DialogOverlay />
      <DialogPrimitive.Content
        ref={contentRef}
        {...focusHandlers}
        className={cn(
          "fixed left-1/2 top-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-xl border bg-popover p-6 text-popover-foreground shadow-overlay data-[state=closed]:animate-dialog-out data-[state=open]:animate-dialog-in",
          className,
        )}
        // A toast's button (Undo) stays usable while a dialog is open, and pressing it is not a
        // click outside that would close the dialog.
        onInteractOutside={(event) => {
          if ((event.target as Element | null)?.closest?.("[data-app-toast]")) event.preventDefault();
          onInteractOutside?.(event);
        }}
        {...props}
      >
        {children}
        {/* Closes the dialog for an Escape that a newer toast received (escape-order.ts). */}
        <DialogPrimitive.Close ref={closeRef} hidden tabIndex={-1} aria-hidden />
        {hideClose ? null : (
          <DialogPrimitive.Close
            className="absolute right-3.5 top-3.5 inline-flex size-7 items-center pointer-coarse:right-1.5 pointer-coarse:top-1.5 pointer-coarse:size-11 justify-center rounded-md text-muted-foreground transition-colors hover:bg-accent hover:text-foreground"
            aria-label="Close"
          >
            <X className="size-4" aria-hidden />
          </DialogPrimitive.Close>
        )}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogHeader({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("grid gap-1.5 pr-6", className)} {...props} />;
}

export function DialogFooter({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("flex flex-col-reverse gap-2 sm:flex-row sm:justify-end", className)} {...props} />;
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn("text-base font-semibold tracking-tight", className)} {...props} />;
}

export function DialogDescription({ className, ...props }: ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cn("text-sm text-muted-foreground", className)} {...props} />;
}
