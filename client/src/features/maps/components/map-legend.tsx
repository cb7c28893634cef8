import { STAGE_COLOURS } from "../lib/stage-colours";

/** Which colour is which deal stage; a cluster shows the stage most of its listings are in. */
export function MapLegend() {
  return (
    <details className="absolute right-3 top-3 z-10 rounded-md border bg-card/95 px-3 py-2 text-xs shadow-xs" open={typeof window !== "undefined" && window.innerWidth >= 768}>
      <summary className="cursor-pointer font-medium pointer-coarse:min-h-11 pointer-coarse:content-center">Deal stage</summary>
      <ul className="mt-2 grid gap-1" aria-label="Marker colours by deal stage">
        {STAGE_COLOURS.map(({ stage, colour }) => (
          <li key={stage} className="flex items-center gap-2">
            <span aria-hidden className="size-3 rounded-full" style={{ background: colour }} />
            {stage}
          </li>
        ))}
        <li className="flex items-center gap-2">
          <span aria-hidden className="size-3 rounded-full border border-dashed border-foreground" />
          Approximate (ZIP centre)
        </li>
        <li className="flex items-center gap-2">
          <span aria-hidden className="size-3 rounded-full border-2 border-dotted border-foreground bg-foreground/15" />
          Approximate (city centre)
        </li>
      </ul>
    </details>
  );
}
