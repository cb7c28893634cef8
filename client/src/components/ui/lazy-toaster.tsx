import { lazy, Suspense, useEffect, useState } from "react";
import { whenIdle } from "@/lib/when-idle";
import { useToast } from "./use-toast";

const Toaster = lazy(async () => ({ default: (await import("./toaster")).Toaster }));

/**
 * The toast region (Radix's toast) loads after the first paint, or at once when a toast is shown
 * before that; the store (use-toast.ts) keeps the toasts meanwhile, so none is lost. Once wanted
 * it stays, so F8 reaches the region as before.
 */
export function LazyToaster() {
  const { toasts } = useToast();
  const [wanted, setWanted] = useState(false);
  if (toasts.length > 0 && !wanted) setWanted(true);
  useEffect(() => (wanted ? undefined : whenIdle(() => setWanted(true))), [wanted]);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
