import { Mail } from "lucide-react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";

/** The new campaign page for a campaign about the listing, its card as the message. */
export const newCampaignHref = (listingId: string, listingName: string) => `/campaigns/new?${new URLSearchParams({ listing: listingId, name: listingName }).toString()}`;

/** The listing detail's "Email this listing": a new campaign about the listing, its card as the message. */
export function EmailListingLink({ listingId, listingName }: { listingId: string; listingName: string }) {
  return (
    <Button variant="outline" className="justify-start" asChild>
      <Link href={newCampaignHref(listingId, listingName)} data-testid="email-listing-link">
        <Mail aria-hidden />
        Email this listing
      </Link>
    </Button>
  );
}
