import { useEffect } from "react";

export const APP_NAME = "Listing Desk";

/** The tab's title for a screen: "Team · Listing Desk", or the app's name alone for none. */
export const documentTitle = (title: string | null | undefined) => (title ? `${title} · ${APP_NAME}` : APP_NAME);

/** Names the browser tab after the screen, which is also what screen readers announce first. */
export function useDocumentTitle(title: string | null | undefined) {
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}
