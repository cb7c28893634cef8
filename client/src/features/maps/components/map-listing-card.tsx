import { X } from "lucide-react";
import type { Approximation } from "../lib/clusters";
import { Button } from "@/components/ui/button";

/** What the map's card shows of a listing. */
export interface MapCard {
  name: string;
  /** Price or rate, size, type: the cards' facts line. */
  facts: string;
  photo: string;
  /** The ZIP's or the city's centre stands for the listing's place. */
  approximate: Approximation;
}

const APPROXIMATE_NOTE = {
  zip: "Approximate location (the ZIP code's centre)",
  city: "Approximate location (the city's centre: no ZIP or street address placed it)",
} as const;

/** The small card a tapped marker opens: photo, name, price, and the way to the listing. */
export function MapListingCard({ card, onOpen, onClose }: { card: MapCard; onOpen(): void; onClose(): void }) {
  return (
    <section
      aria-label={`Selected listing: ${card.name}`}
      data-testid="map-card"
      // On a phone it sits above the layout toggle floating at the bottom of the screen.
      className="absolute inset-x-3 bottom-3 z-10 max-md:bottom-20 flex gap-3 rounded-lg border bg-card p-3 shadow-overlay md:right-auto md:w-96"
    >
      <img src={card.photo} alt="" className="h-20 w-28 shrink-0 rounded-md object-cover" />
      <div className="grid min-w-0 flex-1 content-start gap-1">
        <h3 className="truncate text-sm font-semibold">{card.name}</h3>
        {card.facts ? <p className="truncate text-xs tabular-nums text-muted-foreground">{card.facts}</p> : null}
        {card.approximate ? <p className="text-xs text-muted-foreground">{APPROXIMATE_NOTE[card.approximate]}</p> : null}
        <Button size="sm" className="mt-1 justify-self-start" onClick={onOpen}>
          View Details
        </Button>
      </div>
      <Button variant="ghost" size="icon" className="size-8 shrink-0 pointer-coarse:size-11" aria-label="Close" onClick={onClose}>
        <X aria-hidden />
      </Button>
    </section>
  );
}
