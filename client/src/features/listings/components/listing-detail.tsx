// A listing's detail, shown by the quick-view dialog (listing-detail-dialog.tsx) and by its own
// page at /listings/:id (listing-page.tsx): one body, each giving its own heading and controls
// (docs/guides/listings-and-facts.md).
import { ExternalLink, FileDown, FolderOpen, Link2, MapPin, Pencil, RefreshCw, Trash2 } from "lucide-react";
import { useId, useState, type ComponentType, type ReactNode } from "react";
import { factRows, type ListingFacts } from "@shared/listing-facts";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { Switch } from "@/components/ui/switch";
import { ListingActivity } from "@/features/audit/components/listing-activity";
import { ListingIncome } from "@/features/income/components/listing-income";
import { OfferingMemorandumPanel } from "@/features/om/components/offering-memorandum";
import { ListingPhotos } from "@/features/photos/components/listing-photos";
import { CategoryBadge } from "@/features/settings/components/category-badge";
import { ApiError, errorMessage } from "@/lib/api-client";
import { cn } from "@/lib/cn";
import { useListing } from "../api/get-listing";
import { useRegeneratePosts } from "../api/regenerate-posts";
import type { ListingSummary, ListingWithMeta } from "../api/listing-types";
import { useToggleListingActive } from "../api/toggle-listing-active";
import { flyerHref } from "../lib/flyer";
import { fullImageSrc } from "../lib/listing-image";
import { cityState } from "../lib/listing-text";
import { DeleteListingDialog } from "./delete-listing-dialog";
import { LazyListingFormDialog } from "./lazy-listing-form-dialog";
import { ExpiryBadge } from "./listing-facts-line";
import { ListingImage } from "./listing-image";
import { DetailSection, DetailSectionBar, DetailSectionScope } from "./listing-detail-sections";
import { useMarketingFigures } from "@/features/public-page/api/publication";
import { SharePubliclyPanel } from "@/features/public-page/components/share-publicly-panel";
import { DealRoomLink } from "@/features/deal-room/components/deal-room-link";
import { EmailListingLink } from "@/features/campaigns/components/email-listing-link";
import { ListingCampaigns } from "@/features/campaigns/components/listing-campaigns";
import { MatchingContactsLink } from "@/features/contacts/components/matching-contacts-link";
import { ListingPosts } from "./listing-posts";
import { ListingProspects } from "./listing-prospects";

type TextElement = ComponentType<{ className?: string; children?: ReactNode }>;

export interface ListingDetailProps {
  listingId: string;
  /** The list's copy, shown while the full listing loads. */
  summary?: ListingSummary;
  /** Whether to read the listing (a closed dialog does not). */
  enabled?: boolean;
  /** The heading's elements: the dialog's title and description, or the page's. */
  Title: TextElement;
  Description: TextElement;
  /** Beside the heading: the dialog's close button, the page's way back. */
  headerEnd?: ReactNode;
  /** Under the heading, beside the sections: the dialog's link to the page. */
  headerLinks?: ReactNode;
  /** The header's look: the dialog's sticky bar or the page's. */
  headerClassName?: string;
  /** Shown instead of the body when the listing does not exist (a page's not-found state). */
  gone?: ReactNode;
  onDeleted(): void;
}

function Panel({ title, icon, children, className }: { title: string; icon?: ReactNode; children: ReactNode; className?: string }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={cn("grid gap-3 rounded-xl border bg-surface p-4", className)}>
      <h3 id={id} className="flex items-center gap-2 text-sm font-semibold">
        {icon}
        {title}
      </h3>
      {children}
    </section>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid min-w-0 gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words text-sm font-medium">{children}</dd>
    </div>
  );
}

/** The listing's deal facts inside Property Overview, only those it has. */
function DealFactsBlock({ listing }: { listing: Partial<ListingFacts> }) {
  const id = useId();
  const rows = factRows(listing);
  return (
    <div role="group" aria-labelledby={id} className="grid gap-3 border-t pt-3" data-testid="deal-facts">
      <div className="flex flex-wrap items-center gap-2">
        <h4 id={id} className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">
          Deal Facts
        </h4>
        <ExpiryBadge expirationDate={listing.expirationDate} />
      </div>
      {rows.length > 0 ? (
        <dl className="grid grid-cols-2 gap-4">
          {rows.map((row) => (
            <Fact key={row.label} label={row.label}>
              {row.value}
            </Fact>
          ))}
        </dl>
      ) : (
        <p className="text-sm text-muted-foreground">No deal facts yet</p>
      )}
    </div>
  );
}

function OutboundLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex max-w-full items-center gap-1.5 rounded-sm text-sm font-medium text-primary underline-offset-4 hover:underline"
    >
      <span className="truncate">{children}</span>
      <ExternalLink aria-hidden className="size-3.5 shrink-0" />
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}

function MediaLink({ label, href }: { label: string; href: string | null }) {
  return (
    <div className="grid gap-1">
      <p className="text-xs text-muted-foreground">{label}</p>
      {href ? (
        <OutboundLink href={href}>Open {label}</OutboundLink>
      ) : (
        <p className="text-sm text-muted-foreground">No {label} link provided</p>
      )}
    </div>
  );
}

function StatusControl({ listing }: { listing: Pick<ListingSummary, "id" | "isActive"> }) {
  // The detail view uses the folder wording of spec §4.
  const toggle = useToggleListingActive("detail");
  const id = useId();
  return (
    <div className="flex items-center justify-between gap-3">
      <label htmlFor={id} className="grid gap-0.5">
        <span className="text-sm font-medium">{listing.isActive ? "Active" : "Inactive"}</span>
        <span className="text-xs text-muted-foreground">{listing.isActive ? "Shown in Active Listings" : "Kept in Not In Use"}</span>
      </label>
      <Switch id={id} checked={listing.isActive} onCheckedChange={() => toggle.mutate(listing)} aria-label="Listing active" />
    </div>
  );
}

function DetailSkeleton() {
  return (
    <div className="grid gap-3" aria-hidden>
      <Skeleton className="h-24 w-full" />
      <Skeleton className="h-16 w-full" />
    </div>
  );
}

/** The listing's campaigns, from its marketing figures (which the Share publicly panel reads too: one request). */
function CampaignsOfListing({ listingId, listingName }: { listingId: string; listingName: string }) {
  const figures = useMarketingFigures(listingId);
  return <ListingCampaigns listingId={listingId} listingName={listingName} campaigns={figures.data?.campaigns} />;
}

/** Everything about one listing: facts, links, posts, and the actions on it. */
export function ListingDetail(props: ListingDetailProps) {
  const { listingId, summary, enabled = true, Title, Description, headerEnd, headerLinks, headerClassName, onDeleted } = props;
  const query = useListing(listingId, { enabled });
  const listing: ListingWithMeta | undefined = query.data;
  const shown = listing ?? summary;
  const regenerate = useRegeneratePosts();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const gone = query.error instanceof ApiError && query.error.status === 404;

  const regeneratePosts = (keepEdited = false) => listing && regenerate.mutate({ id: listing.id, keepEdited });

  if (gone && props.gone) return props.gone;
  return (
    <DetailSectionScope>
    <header className={cn("flex items-start gap-3 border-b px-5 py-4 sm:px-6", headerClassName)}>
      {/* One column no wider than the header: the section bar scrolls inside it on a phone. */}
      <div className="grid min-w-0 flex-1 grid-cols-[minmax(0,1fr)] gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <Title className="min-w-0 break-words text-lg">{shown?.listingName ?? "Listing"}</Title>
          {shown ? (
            <Badge
              variant={shown.isActive ? "success" : "muted"}
              // Darker than the shared success text: 12 px on the tinted badge needs 4.5:1.
              className={shown.isActive ? "text-[color-mix(in_oklab,var(--success)_75%,black)]" : undefined}
              data-testid="listing-status-badge"
            >
              {shown.isActive ? "Active" : "Inactive"}
            </Badge>
          ) : null}
        </div>
        <Description className="flex items-center gap-1 text-sm text-muted-foreground">
          {shown ? (
            <>
              <MapPin aria-hidden className="size-3.5" />
              {cityState(shown)}
            </>
          ) : (
            "Loading listing"
          )}
        </Description>
        {shown && !gone ? (
          <div className="flex min-w-0 flex-wrap items-center justify-between gap-x-3 gap-y-1">
            <DetailSectionBar />
            {headerLinks}
          </div>
        ) : null}
      </div>
      {headerEnd}
    </header>

    {gone ? (
      <div className="grid gap-2 px-6 py-14 text-center">
        <p className="font-medium">This listing no longer exists</p>
        <p className="text-sm text-muted-foreground">It may have been deleted by a teammate.</p>
      </div>
    ) : query.isError && !shown ? (
      <div role="alert" className="grid justify-items-center gap-3 px-6 py-14 text-center">
        <p className="font-medium">Could not load this listing</p>
        <p className="text-sm text-muted-foreground">{errorMessage(query.error)}</p>
        <Button variant="outline" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    ) : shown ? (
      <div className="grid grid-cols-[minmax(0,1fr)] gap-5 p-5 sm:p-6 lg:grid-cols-[minmax(0,1fr)_17rem]">
        <div className="grid min-w-0 content-start gap-5 lg:col-start-1">
          <DetailSection section="overview" className="grid gap-5">
          <div className="aspect-[16/9] max-h-80 w-full overflow-hidden rounded-xl border bg-muted">
            <ListingImage
              src={fullImageSrc(shown.imageUrl, shown.propertyDescription)}
              description={shown.propertyDescription}
              alt={shown.imageUrl ? `Photo of ${shown.listingName}` : ""}
              data-testid="listing-detail-image"
            />
          </div>

          <DetailSection section="photos">
            <ListingPhotos listingId={shown.id} listingName={shown.listingName} />
          </DetailSection>

          <Panel title="Property Overview">
            <dl className="grid grid-cols-2 gap-4">
              <Fact label="Offering Type">{shown.offeringType}</Fact>
              <Fact label="Marketing Category">
                <CategoryBadge category={shown.marketingCategory} />
              </Fact>
              <Fact label="Address">{shown.address}</Fact>
              <Fact label="Category Reference">{shown.marketingCategoryReference || "N/A"}</Fact>
              <Fact label="Agent">{shown.agentName ?? "Unassigned"}</Fact>
            </dl>
            <DetailSection section="facts">
              <DealFactsBlock listing={shown} />
            </DetailSection>
          </Panel>
          </DetailSection>

          <DetailSection section="income">
            <ListingIncome listingId={shown.id} />
            <OfferingMemorandumPanel listingId={shown.id} />
          </DetailSection>

          <Panel title="Description">
            <p className="whitespace-pre-wrap break-words text-sm leading-relaxed">{shown.propertyDescription}</p>
          </Panel>

          {shown.notes ? (
            <Panel title="Internal Notes" className="border-warning/40 bg-warning/5">
              <p className="whitespace-pre-wrap break-words text-sm leading-relaxed">{shown.notes}</p>
            </Panel>
          ) : null}

          <Panel title="Marketing Resources" icon={<Link2 aria-hidden className="size-4 text-muted-foreground" />}>
            {shown.marketingFlyerLink || shown.looplinkLink ? (
              <ul className="grid gap-2">
                {shown.marketingFlyerLink ? (
                  <li>
                    <OutboundLink href={shown.marketingFlyerLink}>Marketing Flyer</OutboundLink>
                  </li>
                ) : null}
                {shown.looplinkLink ? (
                  <li>
                    <OutboundLink href={shown.looplinkLink}>LoopLink</OutboundLink>
                  </li>
                ) : null}
              </ul>
            ) : (
              <p className="text-sm text-muted-foreground">No marketing resources yet</p>
            )}
          </Panel>
        </div>

        <aside className="grid min-w-0 content-start gap-4 lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <Panel title="Media Links" icon={<FolderOpen aria-hidden className="size-4 text-muted-foreground" />}>
            <MediaLink label="Google Drive" href={shown.googleDriveLink} />
            <MediaLink label="Dropbox" href={shown.dropboxLink} />
          </Panel>
          <Panel title="Status">
            <StatusControl listing={shown} />
          </Panel>
          <Panel title="Share publicly">
            <SharePubliclyPanel listingId={shown.id} listingName={shown.listingName} market={shown} />
          </Panel>
          <Panel title="Email campaigns">
            <CampaignsOfListing listingId={shown.id} listingName={shown.listingName} />
          </Panel>
          <Panel title="Deal room">
            <DealRoomLink listingId={shown.id} />
          </Panel>
          <MatchingContactsLink listingId={shown.id} />
          <Panel title="Quick Actions">
            <div className="grid gap-2">
              <Button variant="outline" className="justify-start" disabled={!listing} onClick={() => setEditing(true)}>
                <Pencil aria-hidden />
                Edit Listing
              </Button>
              <Button variant="outline" className="justify-start" asChild>
                <a href={flyerHref(shown.id)} download data-testid="listing-flyer-link">
                  <FileDown aria-hidden />
                  Flyer
                </a>
              </Button>
              <EmailListingLink listingId={shown.id} listingName={shown.listingName} />
              <Button
                variant="outline"
                className="justify-start"
                disabled={!listing || listing.postsStatus === "pending"}
                loading={regenerate.isPending}
                onClick={() => regeneratePosts()}
              >
                {regenerate.isPending ? null : <RefreshCw aria-hidden />}
                Regenerate Posts
              </Button>
              <Button
                variant="outline"
                className="justify-start text-destructive hover:bg-destructive/10 hover:text-destructive"
                onClick={() => setDeleting(true)}
              >
                <Trash2 aria-hidden />
                Delete Listing
              </Button>
            </div>
          </Panel>
        </aside>

        <DetailSection section="posts" className="lg:col-start-1">
          {query.isError ? (
            <p role="alert" className="text-sm text-destructive">
              Could not load the posts: {errorMessage(query.error)}
            </p>
          ) : (
            <ListingPosts listing={listing} regenerating={regenerate.isPending} onRegenerate={regeneratePosts} />
          )}
        </DetailSection>

        <DetailSection section="prospects" className="lg:col-start-1">
          <Panel title="Prospects">
            <ListingProspects listingId={shown.id} listing={listing} />
          </Panel>
        </DetailSection>

        <DetailSection section="activity" className="lg:col-start-1">
          <ListingActivity listingId={shown.id} version={shown.version} />
        </DetailSection>
      </div>
    ) : (
      <div className="p-6">
        <DetailSkeleton />
      </div>
    )}

    {listing ? <LazyListingFormDialog open={editing} onOpenChange={setEditing} listing={listing} /> : null}
    {shown ? (
      <DeleteListingDialog
        listing={shown}
        open={deleting}
        onOpenChange={setDeleting}
        onDeleted={onDeleted}
      />
    ) : null}
    </DetailSectionScope>
  );
}
