import { SquareArrowUpRight, X } from "lucide-react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import type { ListingSummary } from "../api/listing-types";
import { FROM_LIST_STATE, listingPageHref } from "../lib/listing-page-address";
import { ListingDetail } from "./listing-detail";

export interface ListingDetailDialogProps {
  listingId: string | null;
  /** The list's copy, shown while the full listing loads. */
  summary?: ListingSummary;
  open: boolean;
  onOpenChange(open: boolean): void;
}

/**
 * The quick view of one listing over the list: facts, links, posts, and the actions on it. Its
 * header links the listing's own page, the address a member shares (listing-page.tsx).
 */
export function ListingDetailDialog({ listingId, summary, open, onOpenChange }: ListingDetailDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        hideClose
        className="max-w-5xl gap-0 p-0 max-sm:h-dvh max-sm:max-h-dvh max-sm:w-screen max-sm:rounded-none max-sm:border-0"
        data-testid="listing-detail"
      >
        {listingId ? (
          <ListingDetail
            listingId={listingId}
            summary={summary}
            enabled={open}
            Title={DialogTitle}
            Description={DialogDescription}
            headerClassName="sticky top-0 z-10 bg-popover/95 backdrop-blur"
            headerLinks={
              <Link
                href={listingPageHref(listingId)}
                state={FROM_LIST_STATE}
                className="inline-flex shrink-0 items-center gap-1 rounded-sm text-xs font-medium text-primary underline-offset-4 hover:underline pointer-coarse:min-h-11 pointer-coarse:text-sm"
                data-testid="open-listing-page"
              >
                <SquareArrowUpRight aria-hidden className="size-3.5" />
                Open as page
              </Link>
            }
            headerEnd={
              <DialogClose asChild>
                <Button variant="ghost" size="icon-sm" aria-label="Close" className="-mr-1 shrink-0">
                  <X aria-hidden />
                </Button>
              </DialogClose>
            }
            onDeleted={() => onOpenChange(false)}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
