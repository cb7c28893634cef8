import { CalendarClock } from "lucide-react";
import type { ListingFacts } from "@shared/listing-facts";
import { expiryBadge, factsLine } from "@shared/listing-facts-text";
import { todayCalendarDate } from "@shared/parse/calendar";
import { Badge } from "@/components/ui/badge";
import { cx } from "@/lib/cx";

// Made once, as the card's icons are.
const CLOCK = <CalendarClock aria-hidden />;

/** "Expires in 12 days" (amber) or "Expired" (red) when the expiration is within 30 days. */
export function ExpiryBadge({ expirationDate, className }: { expirationDate: string | null | undefined; className?: string }) {
  const text = expiryBadge(expirationDate, todayCalendarDate());
  if (!text) return null;
  return (
    <Badge variant={text === "Expired" ? "destructive" : "warning"} className={className} data-testid="expiry-badge">
      {CLOCK}
      {text}
    </Badge>
  );
}

/** The facts line of a card or row: price or rate, size, type; and the expiry badge. */
export function ListingFactsLine({ listing, className }: { listing: Partial<ListingFacts>; className?: string }) {
  const line = factsLine(listing);
  if (!line && !expiryBadge(listing.expirationDate, todayCalendarDate())) return null;
  return (
    <div className={cx("flex min-w-0 items-center gap-2 text-xs", className)}>
      {line ? (
        <p className="min-w-0 truncate font-medium tabular-nums text-foreground/80" title={line} data-testid="listing-facts">
          {line}
        </p>
      ) : null}
      <ExpiryBadge expirationDate={listing.expirationDate} />
    </div>
  );
}
