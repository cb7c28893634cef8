import { memo, useId } from "react";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { CategoryBadge } from "@/features/settings/components/category-badge";
import { cn } from "@/lib/cn";
import { cardImageSrc } from "../lib/listing-image";
import { cityState, truncateDescription } from "../lib/listing-text";
import { ActiveSwitch, NoteButtons, StarButton } from "./listing-controls";
import { ListingImage } from "./listing-image";
import { accentStyle, handleItemClick, type ListingItemProps } from "./listing-item-shared";

/** One listing in the list view: the card's facts and controls on one line (two on phones). */
export const ListingRow = memo(function ListingRow({ listing, accent, selected, actions }: ListingItemProps) {
  const titleId = useId();
  return (
    <article
      aria-labelledby={titleId}
      data-testid="listing-row"
      data-listing-id={listing.id}
      onClick={(e) => handleItemClick(e, () => actions.open(listing))}
      style={accentStyle(accent)}
      className={cn(
        "flex cursor-pointer flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border bg-card px-3 py-2.5 text-card-foreground transition-colors hover:bg-accent/40 sm:flex-nowrap",
        selected && "ring-2 ring-primary ring-offset-1 ring-offset-background",
      )}
    >
      <div className="flex min-w-0 flex-1 items-center gap-3">
        {selected !== undefined ? (
          <Checkbox
            checked={selected}
            onCheckedChange={(checked) => actions.setSelected?.(listing.id, checked === true)}
            aria-label={`Select ${listing.listingName}`}
          />
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
            <CategoryBadge category={listing.marketingCategory} className="max-sm:hidden" />
          </div>
          <p className="truncate text-xs text-muted-foreground">
            {cityState(listing)}
            <span className="max-md:hidden"> · {truncateDescription(listing.propertyDescription)}</span>
          </p>
        </div>
      </div>

      <div className="hidden w-36 shrink-0 text-xs text-muted-foreground lg:block">
        <p className="truncate">{listing.offeringType}</p>
        <p className="truncate">{listing.agentName ?? "Unassigned"}</p>
      </div>

      <div className="flex shrink-0 items-center gap-1 max-sm:w-full max-sm:border-t max-sm:pt-2">
        <CategoryBadge category={listing.marketingCategory} className="mr-auto sm:hidden" />
        <ActiveSwitch
          active={listing.isActive}
          listingName={listing.listingName}
          onToggle={() => actions.toggleActive(listing)}
          className="sm:mr-2 sm:w-[5.5rem]"
        />
        <StarButton starred={listing.isStarred} listingName={listing.listingName} onToggle={() => actions.toggleStarred(listing)} />
        <NoteButtons
          noteCount={listing.noteCount}
          onAddNote={() => actions.addNote(listing)}
          onViewNotes={() => actions.viewNotes(listing)}
        />
        <Button variant="outline" size="sm" className="ml-1" onClick={() => actions.open(listing)}>
          View Details
        </Button>
      </div>
    </article>
  );
});
