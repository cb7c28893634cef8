import { memo, useId } from "react";
import { CategoryBadge } from "@/features/settings/components/category-badge";
import { cardImageSrc } from "../lib/listing-image";
import { cityState, truncateDescription } from "../lib/listing-text";
import { ActiveSwitch, StarButton } from "./listing-controls";
import { ListingFactsLine } from "./listing-facts-line";
import { ListingImage } from "./listing-image";
import { ListingItemFrame, NotesAndDetailsButtons, SelectListingBox } from "./listing-item-frame";
import type { ListingItemProps } from "./listing-item-shared";

/** One listing in the list view: the card's facts and controls on one line (two on phones). */
export const ListingRow = memo(function ListingRow({ listing, accent, badgeColor, selected, actions }: ListingItemProps) {
  const titleId = useId();
  return (
    <ListingItemFrame
      testId="listing-row"
      titleId={titleId}
      listing={listing}
      accent={accent}
      selected={selected}
      actions={actions}
      className="flex cursor-pointer flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border bg-card px-3 py-2.5 text-card-foreground transition-[background-color] hover:bg-accent/40 sm:flex-nowrap"
      selectedClassName="ring-2 ring-primary ring-offset-1 ring-offset-background"
    >
      <div className="flex min-w-0 flex-1 items-center gap-3">
        {selected !== undefined ? (
          <SelectListingBox listing={listing} selected={selected} actions={actions} />
        ) : null}
        <div className="h-12 w-[4.5rem] shrink-0 overflow-hidden rounded-md bg-muted">
          <ListingImage
            src={cardImageSrc(listing.imageUrl, listing.propertyDescription)}
            description={listing.propertyDescription}
            loading="lazy"
            width={144}
            height={96}
          />
        </div>
        <div className="grid min-w-0 flex-1 gap-0.5">
          <div className="flex min-w-0 items-center gap-2">
            <h3 id={titleId} className="truncate text-sm font-semibold tracking-tight" title={listing.listingName}>
              {listing.listingName}
            </h3>
            <CategoryBadge category={listing.marketingCategory} color={badgeColor} className="max-sm:hidden" />
          </div>
          <p className="truncate text-xs text-muted-foreground">
            {cityState(listing)}
            <span className="max-md:hidden"> · {truncateDescription(listing.propertyDescription)}</span>
          </p>
          <ListingFactsLine listing={listing} />
        </div>
      </div>

      <div className="hidden w-36 shrink-0 text-xs text-muted-foreground lg:block">
        <p className="truncate">{listing.offeringType}</p>
        <p className="truncate">{listing.agentName ?? "Unassigned"}</p>
      </div>

      {/* On phones the controls take a line of their own and wrap rather than widen the page. */}
      <div className="flex shrink-0 items-center gap-1 max-sm:w-full max-sm:flex-wrap max-sm:justify-end max-sm:border-t max-sm:pt-2">
        <CategoryBadge category={listing.marketingCategory} color={badgeColor} className="mr-auto sm:hidden" />
        <ActiveSwitch
          active={listing.isActive}
          listingName={listing.listingName}
          onToggle={() => actions.toggleActive(listing)}
          className="sm:mr-2 sm:w-[5.5rem]"
        />
        <StarButton starred={listing.isStarred} listingName={listing.listingName} onToggle={() => actions.toggleStarred(listing)} />
        <NotesAndDetailsButtons listing={listing} actions={actions} />
      </div>
    </ListingItemFrame>
  );
});
