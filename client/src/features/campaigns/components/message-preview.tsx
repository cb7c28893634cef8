// The message as a recipient will see it, at a desktop mail client's width or a phone's. The HTML
// comes from the server (sanitised as sending sanitises it) and is shown in an iframe's srcdoc
// with an empty sandbox: no scripts, no forms, no navigation, an opaque origin. The app's CSP
// allows it (no frame-src is needed for srcdoc; images from our own origin load under img-src).
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";

const WIDTHS = { desktop: 640, phone: 375 } as const;
type Width = keyof typeof WIDTHS;

export function MessagePreview({ html, stale }: { html: string | undefined; stale: boolean }) {
  const [width, setWidth] = useState<Width>("desktop");
  return (
    <section className="grid min-w-0 gap-3" aria-labelledby="preview-heading">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="preview-heading" className="text-base font-semibold">
          Preview
        </h2>
        <div className="flex gap-1" role="group" aria-label="Preview width">
          {(Object.keys(WIDTHS) as Width[]).map((w) => (
            <Button key={w} variant={width === w ? "default" : "outline"} size="sm" aria-pressed={width === w} onClick={() => setWidth(w)}>
              {w === "desktop" ? "Desktop" : "Phone"}
            </Button>
          ))}
        </div>
      </div>
      {/* A wide preview scrolls sideways inside its box, never the page; the box takes focus so a keyboard can scroll it. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- see the line above */}
      <div tabIndex={0} role="region" aria-label="Message preview" className={cn("max-w-full overflow-x-auto rounded-md border bg-muted/40 p-2 transition-opacity", stale && "opacity-70")} aria-busy={stale}>
        {html === undefined ? (
          <p className="p-4 text-sm text-muted-foreground">Making the preview…</p>
        ) : (
          <iframe
            title={`Message preview at ${width} width`}
            data-testid="campaign-preview"
            data-width={width}
            sandbox=""
            srcDoc={html}
            style={{ width: WIDTHS[width] }}
            className="mx-auto block h-[36rem] max-w-none rounded bg-white"
          />
        )}
      </div>
    </section>
  );
}
