import { CircleAlert, CircleCheck, Info, X } from "lucide-react";
import { Toast as ToastPrimitive } from "radix-ui";
import { cn } from "@/lib/cn";
import { escapeToDialog } from "./escape-order";
import { dismissToast, useToast, type ToastVariant } from "./use-toast";

const TOAST_DURATION_MS = 5000;
const SWIPE_THRESHOLD_PX = 50;

const icons: Record<ToastVariant, typeof Info> = {
  default: Info,
  success: CircleCheck,
  destructive: CircleAlert,
};

const iconColours: Record<ToastVariant, string> = {
  default: "text-muted-foreground",
  success: "text-success",
  destructive: "text-destructive",
};

/**
 * Spec §9: 5 s per toast, swipe right past 50 px to dismiss, F8 focuses the region (Radix's
 * default hotkey, announced in the viewport's label). Bottom right on desktop; on phones along
 * the bottom, clear of the top bar's menu button and bell and above the selection bar when it
 * is shown (it publishes its height as --bottom-bar-height). Escape goes to an open dialog
 * before it takes a toast away (escape-order.ts).
 */
export function Toaster() {
  const { toasts } = useToast();
  return (
    <ToastPrimitive.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={SWIPE_THRESHOLD_PX}>
      {toasts.map(({ id, title, description, variant = "default", duration, open, action }) => {
        const Icon = icons[variant];
        return (
          <ToastPrimitive.Root
            key={id}
            open={open}
            duration={duration}
            type={variant === "destructive" ? "foreground" : "background"}
            onOpenChange={(next) => {
              if (!next) dismissToast(id);
            }}
            onEscapeKeyDown={(event) => {
              if (escapeToDialog(event)) event.preventDefault();
            }}
            data-variant={variant}
            data-app-toast=""
            data-testid="toast"
            className={cn(
              "group pointer-events-auto relative flex w-full items-start gap-3 overflow-hidden rounded-lg border bg-popover p-4 pr-10 text-popover-foreground shadow-overlay",
              "data-[state=open]:animate-toast-in data-[state=closed]:animate-fade-out",
              "data-[swipe=move]:translate-x-(--radix-toast-swipe-move-x) data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform data-[swipe=end]:animate-toast-swipe-out",
              variant === "destructive" && "border-destructive/30",
            )}
          >
            <Icon className={cn("mt-0.5 size-4 shrink-0", iconColours[variant])} aria-hidden />
            <div className="grid min-w-0 gap-0.5">
              <ToastPrimitive.Title className="text-sm font-semibold">{title}</ToastPrimitive.Title>
              {description ? (
                <ToastPrimitive.Description className="break-words text-sm text-muted-foreground">
                  {description}
                </ToastPrimitive.Description>
              ) : null}
            </div>
            {action ? (
              <ToastPrimitive.Action
                altText={action.altText}
                onClick={action.onClick}
                data-testid="toast-action"
                className="shrink-0 self-center rounded-md border border-input bg-surface px-3 py-1.5 text-[13px] font-medium shadow-xs transition-colors hover:bg-accent pointer-coarse:min-h-11 pointer-coarse:min-w-11"
              >
                {action.label}
              </ToastPrimitive.Action>
            ) : null}
            <ToastPrimitive.Close
              aria-label="Dismiss notification"
              className="absolute right-2.5 top-2.5 inline-flex size-6 items-center pointer-coarse:right-0 pointer-coarse:top-0 pointer-coarse:size-11 justify-center rounded-md text-muted-foreground opacity-70 transition hover:bg-accent hover:text-foreground hover:opacity-100 focus-visible:opacity-100"
            >
              <X className="size-3.5" aria-hidden />
            </ToastPrimitive.Close>
          </ToastPrimitive.Root>
        );
      })}
      {/* The list's padding must not swallow taps meant for what lies under it (the selection bar);
          the toasts themselves take pointer events again. */}
      <ToastPrimitive.Viewport
        data-testid="toast-viewport"
        className="pointer-events-none fixed bottom-0 right-0 z-[100] m-0 flex w-full max-w-[420px] list-none flex-col gap-2 p-4 outline-none max-sm:pb-[calc(1rem+var(--bottom-bar-height,0px)+env(safe-area-inset-bottom))] sm:p-6"
      />
    </ToastPrimitive.Provider>
  );
}
