import { useCallback, useEffect, useRef } from "react";
import { VIEW_MODES } from "@shared/listing-view-query";
import { useSavedViews } from "../api/saved-views";
import { writeListingView, type ListingView } from "../lib/listing-view-url";
import type { ViewMode } from "./use-view-mode";

/**
 * Opening saved views on a listing page: the query that
 * saves what is shown (the address's view plus the layout), opening one (its filters and sort
 * into the page, its layout into the toggle), and the person's default view, opened once when
 * the page opens with a bare address (`withDefault`).
 */
export function useSavedViewOpening(options: {
  view: ListingView;
  mode: ViewMode;
  openQuery(query: string): void;
  setMode(mode: ViewMode): void;
  withDefault: boolean;
}) {
  const { view, mode, openQuery, setMode, withDefault } = options;
  const params = writeListingView(view, new URLSearchParams());
  params.set("view", mode);
  const query = params.toString();

  const open = useCallback(
    (saved: string) => {
      openQuery(saved);
      const savedMode = new URLSearchParams(saved).get("view");
      if ((VIEW_MODES as readonly string[]).includes(savedMode ?? "")) setMode(savedMode as ViewMode);
    },
    [openQuery, setMode],
  );

  const views = useSavedViews().data;
  const bareAddress = useRef(window.location.search === "");
  useEffect(() => {
    if (!withDefault || !bareAddress.current || !views) return;
    bareAddress.current = false;
    const preferred = views.find((v) => v.isDefault);
    if (preferred) open(preferred.query);
  }, [withDefault, views, open]);

  return { query, open };
}
