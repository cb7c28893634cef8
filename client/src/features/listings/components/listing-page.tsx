import { ArrowLeft, SearchX } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useLocation, useParams } from "wouter";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { ApiError } from "@/lib/api-client";
import { cn } from "@/lib/cn";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useListing } from "../api/get-listing";
import { listFolderOf, openedFromList } from "../lib/listing-page-address";
import { ListingDetail } from "./listing-detail";

const PageTitle = ({ className, children }: { className?: string; children?: ReactNode }) => (
  <h1 className={cn("font-semibold tracking-tight", className)}>{children}</h1>
);
const PageDescription = ({ className, children }: { className?: string; children?: ReactNode }) => (
  <p className={className}>{children}</p>
);

/**
 * Back to the list the page was opened from, where it was (the browser's back keeps its address,
 * filters and scroll); a page opened from a link or a new tab goes to the listing's folder.
 */
function BackToList({ folder }: { folder: string }) {
  const fromList = openedFromList(window.history.state);
  const label = folder === "/not-in-use" ? "Not In Use" : "Active Listings";
  return fromList ? (
    <Button variant="ghost" size="sm" className="justify-self-start" onClick={() => window.history.back()}>
      <ArrowLeft aria-hidden />
      Back
    </Button>
  ) : (
    <Button variant="ghost" size="sm" className="justify-self-start" asChild>
      <Link href={folder}>
        <ArrowLeft aria-hidden />
        {label}
      </Link>
    </Button>
  );
}

/**
 * A listing's own page, /listings/:id: the address a member shares, that survives a reload. The
 * same detail as the quick-view dialog (listing-detail.tsx), with every action it has.
 */
export function ListingPage() {
  const { id = "" } = useParams<{ id: string }>();
  const query = useListing(id);
  const [, navigate] = useLocation();
  const folder = listFolderOf(query.data);
  const gone = query.error instanceof ApiError && query.error.status === 404;
  useDocumentTitle(gone ? "Listing not found" : (query.data?.listingName ?? "Listing"));
  return (
    <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-3" data-testid="listing-page">
      <BackToList folder={folder} />
      <article className="grid min-w-0 grid-cols-[minmax(0,1fr)] overflow-hidden rounded-xl border bg-surface">
        <ListingDetail
          key={id}
          listingId={id}
          Title={PageTitle}
          Description={PageDescription}
          onDeleted={() => navigate(folder, { replace: true })}
          gone={
            <EmptyState
              icon={SearchX}
              className="m-4"
              title="Listing not found"
              description="No listing has this address: it may have been deleted, or the link is mistyped."
              action={
                <Button asChild variant="outline">
                  <Link href="/">Back to Active Listings</Link>
                </Button>
              }
            />
          }
        />
      </article>
    </div>
  );
}
