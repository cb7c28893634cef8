import { FileDown, MoreHorizontal } from "lucide-react";
import { Button } from "@/components/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import { flyerHref } from "../lib/flyer";
import type { ListingItemProps } from "./listing-item-shared";

/** A card's or row's menu of less frequent actions: the flyer, so far. */
export function ListingItemMenu({ listing }: Pick<ListingItemProps, "listing">) {
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon-sm" aria-label={`More actions: ${listing.listingName}`} data-testid="listing-item-menu">
          <MoreHorizontal aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {/* A link, so the browser downloads the PDF itself; the file name comes from the server. */}
        <DropdownMenuItem asChild>
          <a href={flyerHref(listing.id)} download>
            <FileDown aria-hidden />
            Flyer
          </a>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
