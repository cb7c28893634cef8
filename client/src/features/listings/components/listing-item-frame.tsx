// A grid card's parts: the clickable frame, the selection box (the table's rows use it too) and
// the trailing Notes and View Details buttons.
import type { MouseEvent, ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { ACCENT_SHADOW_CLASS, accentStyle } from "@/features/settings/components/category-accent";
import { cx } from "@/lib/cx";
import { NoteButtons } from "./listing-controls";
import { ListingItemMenu } from "./listing-item-menu";
import type { ListingItemProps } from "./listing-item-shared";

const INTERACTIVE = "button, a, input, label, [role='switch'], [role='checkbox'], [role='menuitem']";
// A slot shows another listing after a filter or sort: without this, its star,
// badge, switch and buttons would animate from the previous listing's colours, some sixty
// transitions per choice that cost the choice's frame about 6-12 ms at 10,000 listings.
// While the pointer or focus is in the item, its controls animate as before.
const STILL_UNLESS_IN_USE = "[&:not(:hover,:focus-within)_*]:transition-none";

interface ListingItemFrameProps extends Pick<ListingItemProps, "listing" | "accent" | "selected" | "actions"> {
  testId: string;
  /** The heading's id: the item's accessible name. */
  titleId: string;
  className: string;
  /** The ring a selected item shows, offset to suit its shape. */
  selectedClassName: string;
  children: ReactNode;
}

/** The item as one article; a click anywhere but its controls opens the details. */
export function ListingItemFrame({ listing, accent, selected, actions, testId, titleId, className, selectedClassName, children }: ListingItemFrameProps) {
  const open = (event: MouseEvent<HTMLElement>) => {
    if ((event.target as Element).closest(INTERACTIVE)) return;
    // The item itself cannot hold focus; its View Details button does, so closing the details
    // brings focus back to this listing rather than the top of the page.
    event.currentTarget.querySelector<HTMLElement>("[data-opens-details]")?.focus({ preventScroll: true });
    actions.open(listing);
  };
  return (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- a mouse shortcut; the keyboard has View Details
    <article
      aria-labelledby={titleId}
      data-testid={testId}
      data-listing-id={listing.id}
      onClick={open}
      style={accentStyle(accent)}
      className={cx(className, accent && ACCENT_SHADOW_CLASS, STILL_UNLESS_IN_USE, selected && selectedClassName)}
    >
      {children}
    </article>
  );
}

export function SelectListingBox({ listing, selected, actions }: Pick<ListingItemProps, "listing" | "actions"> & { selected: boolean }) {
  return (
    <Checkbox
      checked={selected}
      onCheckedChange={(checked) => actions.setSelected?.(listing.id, checked === true)}
      aria-label={`Select ${listing.listingName}`}
    />
  );
}

export function NotesAndDetailsButtons({ listing, actions }: Pick<ListingItemProps, "listing" | "actions">) {
  return (
    <>
      <NoteButtons noteCount={listing.noteCount} onAddNote={() => actions.addNote(listing)} onViewNotes={() => actions.viewNotes(listing)} />
      <Button variant="outline" size="sm" className="ml-1" data-opens-details onClick={() => actions.open(listing)}>
        View Details
      </Button>
      <ListingItemMenu listing={listing} />
    </>
  );
}
