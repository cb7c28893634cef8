import { useEffect } from "react";

/**
 * Scrolls the element with this id into view once it is `ready` (its content loaded), when the
 * address's #fragment names it: a link like /settings#backups lands on its section, which the
 * browser's own jump missed because the section was not drawn yet.
 */
export function useScrollIntoViewWhenNamed(id: string, ready: boolean): void {
  useEffect(() => {
    if (!ready || window.location.hash !== `#${id}`) return;
    document.getElementById(id)?.scrollIntoView({ block: "start" });
  }, [id, ready]);
}
