import { RefreshCw, Sparkles, TriangleAlert } from "lucide-react";
import { useId, useState } from "react";
import { BUILT_IN_WRITER, LEGACY_PLATFORM, postsAreStale, postsHeading, type ListingPost } from "@shared/posts";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { formatDateTime } from "@/lib/format-date";
import type { ListingWithMeta } from "../api/listing-types";
import { ListingPostItem } from "./listing-post-item";
import { PostsPageLinkNotice } from "./posts-page-link-notice";

interface ListingPostsProps {
  /** undefined while the listing (with its posts) loads. */
  listing: ListingWithMeta | undefined;
  regenerating: boolean;
  onRegenerate(keepEdited?: boolean): void;
}

/** The posts as objects; texts stored without them (from before posts were objects) have no platform. */
const postsOf = (listing: ListingWithMeta): ListingPost[] =>
  listing.posts.length > 0 ? listing.posts : listing.aiGeneratedPosts.map((text) => ({ platform: LEGACY_PLATFORM, text }));

/** "Written by the built-in writer on Nov 24, 2026 at 3:04 PM": who wrote the posts, and when. */
function writtenBy(listing: ListingWithMeta): string | null {
  if (!listing.postsWriter) return null;
  const who = listing.postsWriter === BUILT_IN_WRITER ? "the built-in writer" : listing.postsWriter;
  const when = listing.postsWrittenAt ? ` on ${formatDateTime(listing.postsWrittenAt)}` : "";
  return `Written by ${who}${when}`;
}

/** The ten social posts, each ready to copy, edit or write again, and the way to write new ones. */
export function ListingPosts({ listing, regenerating, onRegenerate }: ListingPostsProps) {
  const posts = listing ? postsOf(listing) : [];
  const pending = listing?.postsStatus === "pending";
  const busy = regenerating || pending;
  const stale = listing ? postsAreStale({ ...listing, posts }) : false;
  const edited = posts.some((p) => p.editedAt);
  const [keepEdited, setKeepEdited] = useState(true);
  const keepId = useId();
  const byline = listing && !pending ? writtenBy(listing) : null;

  return (
    <section aria-labelledby="listing-posts-heading" className="grid gap-3" data-testid="listing-posts">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="grid gap-0.5">
          <h3 id="listing-posts-heading" className="flex items-center gap-2 text-sm font-semibold">
            <Sparkles aria-hidden className="size-4 text-primary" />
            {postsHeading(listing?.postsWriter)}
          </h3>
          {byline ? (
            <p className="text-xs text-muted-foreground" data-testid="listing-posts-writer">
              {byline}
            </p>
          ) : null}
        </div>
        {posts.length > 0 ? (
          <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
            {stale && !pending ? (
              <p className="flex items-center gap-1.5 text-xs font-medium text-[color-mix(in_oklab,var(--warning)_75%,black)] dark:text-warning" role="status" data-testid="listing-posts-stale">
                <TriangleAlert aria-hidden className="size-3.5 text-warning" />
                The listing changed after these posts were written
              </p>
            ) : null}
            {edited ? (
              <span className="flex items-center gap-1.5 text-xs">
                <Checkbox id={keepId} checked={keepEdited} onCheckedChange={(v) => setKeepEdited(v === true)} />
                <label htmlFor={keepId}>Keep my edits</label>
              </span>
            ) : null}
            <Button variant="outline" size="sm" onClick={() => onRegenerate(edited && keepEdited)} loading={regenerating} disabled={pending}>
              {regenerating ? null : <RefreshCw aria-hidden />}
              Regenerate
            </Button>
          </div>
        ) : null}
      </div>

      {pending ? (
        <div role="status" className="flex items-center gap-2 rounded-lg border border-primary/25 bg-primary/5 px-3 py-2.5 text-sm text-foreground">
          <Spinner label={null} className="text-primary" />
          Writing posts...
        </div>
      ) : null}

      {listing && posts.length > 0 && !pending ? <PostsPageLinkNotice listingId={listing.id} posts={posts} locked={busy} /> : null}

      {!listing ? (
        <div className="grid gap-3" aria-hidden>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-20 w-full" />
          ))}
        </div>
      ) : posts.length === 0 && !pending ? (
        <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed px-4 py-8 text-center">
          <div className="grid gap-1">
            <p className="text-sm font-medium">No posts yet</p>
            <p className="text-sm text-muted-foreground">Write ten ready-to-share social posts from this listing's details.</p>
          </div>
          <Button onClick={() => onRegenerate()} loading={busy}>
            {busy ? null : <Sparkles aria-hidden />}
            Generate Posts
          </Button>
        </div>
      ) : (
        <ol className="grid gap-3" aria-busy={busy}>
          {posts.map((post, i) => (
            <ListingPostItem key={`${i}:${post.text}`} listingId={listing.id} index={i} total={posts.length} post={post} locked={busy} />
          ))}
        </ol>
      )}
    </section>
  );
}
