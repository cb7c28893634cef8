import { lazy, Suspense, useState, type ComponentType } from "react";

/**
 * A dialog whose code loads the first time it opens, keeping the list pages' first download
 * small (the listing form brings the upload widget, the CSV dialogs the shared form rules). Once
 * opened it stays mounted, so closing animates like any dialog. `preload` fetches the code ahead
 * of the first click.
 */
export function lazyDialog<P extends { open: boolean }>(load: () => Promise<ComponentType<P>>) {
  const Dialog = lazy(async () => ({ default: await load() })) as unknown as ComponentType<P>;
  function LazyDialog(props: P) {
    const [opened, setOpened] = useState(props.open);
    if (props.open && !opened) setOpened(true);
    if (!opened) return null;
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  }
  return Object.assign(LazyDialog, { preload: () => void load().catch(() => undefined) });
}
