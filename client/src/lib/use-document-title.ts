import { useEffect } from "react";

export const APP_NAME = "Listing Desk";

/** Names the browser tab after the screen, which is also what screen readers announce first. */
export function useDocumentTitle(title: string | null | undefined) {
  useEffect(() => {
    document.title = title ? `${title} · ${APP_NAME}` : APP_NAME;
  }, [title]);
}
