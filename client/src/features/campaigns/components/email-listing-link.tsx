import { Mail } from "lucide-react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";

/** The listing detail's "Email this listing": a new campaign about the listing, its card as the message. */
export function EmailListingLink({ listingId, listingName }: { listingId: string; listingName: string }) {
  const query = new URLSearchParams({ listing: listingId, name: listingName });
  return (
    <Button variant="outline" className="justify-start" asChild>
      <Link href={`/campaigns/new?${query.toString()}`} data-testid="email-listing-link">
        <Mail aria-hidden />
        Email this listing
      </Link>
    </Button>
  );
}
