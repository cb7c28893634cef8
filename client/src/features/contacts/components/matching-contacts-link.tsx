import { Users } from "lucide-react";
import { Link } from "wouter";
import { useMatchingContacts } from "../api/contacts";

/** The listing detail's "N contacts match", opening the Contacts page on them. */
export function MatchingContactsLink({ listingId }: { listingId: string }) {
  const matching = useMatchingContacts(listingId);
  const count = matching.data?.count;
  if (count === undefined) return null;
  return (
    <Link href={`/contacts?listing=${encodeURIComponent(listingId)}`} className="inline-flex items-center gap-2 text-sm underline-offset-4 hover:underline pointer-coarse:min-h-11" data-testid="matching-contacts-link">
      <Users aria-hidden className="size-4" />
      {count === 1 ? "1 contact matches" : `${count} contacts match`}
    </Link>
  );
}
