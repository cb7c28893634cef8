import { MapPin, Tag, UserRound } from "lucide-react";
import { memo, useId } from "react";
import { CategoryBadge } from "@/features/settings/components/category-badge";
import { cx } from "@/lib/cx";
import { cardImageSrc } from "../lib/listing-image";
import { cityState, truncateDescription } from "../lib/listing-text";
import { ActiveSwitch, StarButton } from "./listing-controls";
import { ListingFactsLine } from "./listing-facts-line";
import { ListingImage } from "./listing-image";
import { ListingItemFrame, NotesAndDetailsButtons, SelectListingBox } from "./listing-item-frame";
import type { ListingItemProps } from "./listing-item-shared";

// The icons never change, so they are made once: React skips an element it has already rendered
// (the same object), and a slot that shows another listing after a filter or sort does not
// render the three icons again.
const PIN = <MapPin aria-hidden className="size-3 shrink-0" />;
const TAG = <Tag aria-hidden className="size-3" />;
const AGENT = <UserRound aria-hidden className="size-3 shrink-0" />;

/**
 * One listing in the grid. Clicking anywhere but its controls opens the details. On phones the
 * card is compact (a shorter picture, tighter spacing), so two listings fit a 390x844 screen.
 */
export const ListingCard = memo(function ListingCard({ listing, accent, badgeColor, selected, actions }: ListingItemProps) {
  const titleId = useId();
  return (
    <ListingItemFrame
      testId="listing-card"
      titleId={titleId}
      listing={listing}
      accent={accent}
      selected={selected}
      actions={actions}
      className="group flex h-full cursor-pointer flex-col overflow-hidden rounded-xl border bg-card text-card-foreground transition-transform hover:-translate-y-px"
      selectedClassName="ring-2 ring-primary ring-offset-2 ring-offset-background"
    >
      <div className="relative aspect-[16/10] shrink-0 overflow-hidden bg-muted max-sm:aspect-[5/2]">
        <ListingImage
          src={cardImageSrc(listing.imageUrl, listing.propertyDescription)}
          description={listing.propertyDescription}
          loading="lazy"
          width={600}
          height={375}
          // Inactive listings look put away at a glance.
          className={cx("transition-transform duration-300 group-hover:scale-[1.02]", !listing.isActive && "saturate-[.35]")}
        />
        {selected !== undefined ? (
          <div className="absolute left-2.5 top-2.5 flex size-7 items-center justify-center rounded-md bg-surface/95 shadow-xs">
            <SelectListingBox listing={listing} selected={selected} actions={actions} />
          </div>
        ) : null}
        <StarButton
          starred={listing.isStarred}
          listingName={listing.listingName}
          onToggle={() => actions.toggleStarred(listing)}
          className="absolute right-2 top-2 bg-surface/95 shadow-xs hover:bg-surface"
        />
      </div>

      <div className="flex flex-1 flex-col gap-3 p-4 max-sm:gap-2 max-sm:p-3">
        <div className="flex items-start justify-between gap-3">
          <div className="grid min-w-0 gap-0.5">
            <h3 id={titleId} className="truncate text-[15px] font-semibold leading-snug tracking-tight" title={listing.listingName}>
              {listing.listingName}
            </h3>
            <p className="flex items-center gap-1 truncate text-xs text-muted-foreground">
              {PIN}
              {cityState(listing)}
            </p>
          </div>
          <CategoryBadge category={listing.marketingCategory} color={badgeColor} />
        </div>

        <p className="line-clamp-2 min-h-10 text-sm leading-5 text-muted-foreground" data-testid="listing-description">
          {truncateDescription(listing.propertyDescription)}
        </p>

        <ListingFactsLine listing={listing} />

        <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted-foreground">
          <span className="inline-flex items-center gap-1">
            {TAG}
            {listing.offeringType}
          </span>
          <span className="inline-flex min-w-0 items-center gap-1">
            {AGENT}
            <span className="truncate">{listing.agentName ?? "Unassigned"}</span>
          </span>
        </div>

        <div className="mt-auto flex items-center gap-1 border-t pt-3 max-sm:pt-2">
          <ActiveSwitch active={listing.isActive} listingName={listing.listingName} onToggle={() => actions.toggleActive(listing)} />
          <div className="ml-auto flex items-center gap-0.5">
            <NotesAndDetailsButtons listing={listing} actions={actions} />
          </div>
        </div>
      </div>
    </ListingItemFrame>
  );
});
