import { Button } from "@/components/ui/button";

/**
 * On the map when its state or county outlines could not be drawn (their worker failed or never
 * answered): the markers, clusters and list still work, so this only says so, politely, beside the
 * zoom buttons, with a way to try again.
 */
export function OutlinesFailedNotice({ onRetry }: { onRetry(): void }) {
  return (
    <div
      role="status"
      data-testid="map-outlines-failed"
      // Right of Leaflet's zoom buttons, clear of the legend at the top right.
      className="absolute left-14 top-3 z-10 flex max-w-[calc(100%-12rem)] flex-wrap items-center gap-x-3 gap-y-1 rounded-md border bg-card/95 px-3 py-2 text-xs shadow-xs"
    >
      <p>State and county lines could not be drawn.</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
