import { RefreshCw, Sparkles } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import type { ListingWithMeta } from "../api/listing-types";
import { CopyPostButton } from "./copy-post-button";

interface ListingPostsProps {
  /** undefined while the listing (with its posts) loads. */
  listing: ListingWithMeta | undefined;
  regenerating: boolean;
  onRegenerate(): void;
}

/** The ten AI-written social posts, each ready to copy, and the way to write new ones. */
export function ListingPosts({ listing, regenerating, onRegenerate }: ListingPostsProps) {
  const posts = listing?.aiGeneratedPosts ?? [];
  const pending = listing?.postsStatus === "pending";
  const busy = regenerating || pending;

  return (
    <section aria-labelledby="listing-posts-heading" className="grid gap-3" data-testid="listing-posts">
      <div className="flex items-center justify-between gap-3">
        <h3 id="listing-posts-heading" className="flex items-center gap-2 text-sm font-semibold">
          <Sparkles aria-hidden className="size-4 text-primary" />
          AI-Generated Posts
        </h3>
        {posts.length > 0 ? (
          <Button variant="outline" size="sm" onClick={onRegenerate} loading={regenerating} disabled={pending}>
            {regenerating ? null : <RefreshCw aria-hidden />}
            Regenerate
          </Button>
        ) : null}
      </div>

      {pending ? (
        <div role="status" className="flex items-center gap-2 rounded-lg border border-primary/25 bg-primary/5 px-3 py-2.5 text-sm text-foreground">
          <Spinner label={null} className="text-primary" />
          Writing posts for this listing… they appear here in a few seconds.
        </div>
      ) : null}

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
          <Button onClick={onRegenerate} loading={busy}>
            {busy ? null : <Sparkles aria-hidden />}
            Generate Posts
          </Button>
        </div>
      ) : (
        <ol className="grid gap-3" aria-busy={busy}>
          {posts.map((post, i) => {
            const position = `Post ${i + 1} of ${posts.length}`;
            return (
              <li key={`${i}:${post}`} className="rounded-lg border bg-surface p-3 shadow-xs" data-testid="listing-post">
                <div className="mb-1.5 flex items-center justify-between gap-2">
                  <span className="text-xs font-medium text-muted-foreground">{position}</span>
                  <CopyPostButton text={post} label={`Copy ${position}`} />
                </div>
                <p className="whitespace-pre-wrap break-words text-sm leading-relaxed" data-testid="listing-post-text">
                  {post}
                </p>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
