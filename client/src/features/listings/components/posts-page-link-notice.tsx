import { Link2 } from "lucide-react";
import { postsLackingPageLink } from "@shared/post-page-link";
import type { ListingPost } from "@shared/posts";
import { Button } from "@/components/ui/button";
import { usePublication } from "@/features/public-page/api/publication";
import { useAddPageLink } from "../api/post-actions";

interface PostsPageLinkNoticeProps {
  listingId: string;
  posts: ListingPost[];
  locked: boolean;
}

const plural = (n: number) => (n === 1 ? "1 post lacks" : `${n} posts lack`);

/**
 * While the listing's page is published and some posts lack its link (written before, or with a
 * rotated link), one action puts it in them.
 */
export function PostsPageLinkNotice({ listingId, posts, locked }: PostsPageLinkNoticeProps) {
  const publication = usePublication(listingId).data;
  const addLink = useAddPageLink(listingId);
  const url = publication?.published ? publication.url : null;
  const lacking = postsLackingPageLink(posts, url);
  if (lacking.length === 0) return null;
  // An edited post the link does not fit is left for its author: the action would change nothing there.
  const onlyEdited = lacking.every((i) => posts[i].editedAt) && addLink.isSuccess;
  return (
    <div role="status" className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-primary/25 bg-primary/5 px-3 py-2.5 text-sm" data-testid="posts-page-link">
      <p className="flex items-center gap-2">
        <Link2 aria-hidden className="size-4 shrink-0 text-primary" />
        {onlyEdited
          ? `The public page is published; ${plural(lacking.length)} its link and ${lacking.length === 1 ? "has" : "have"} no room for it: shorten ${lacking.length === 1 ? "it" : "them"} to add it.`
          : `The public page is published; ${plural(lacking.length)} its link.`}
      </p>
      {onlyEdited ? null : (
        <Button size="sm" variant="outline" onClick={() => addLink.mutate()} loading={addLink.isPending} disabled={locked}>
          Add the link to the posts
        </Button>
      )}
    </div>
  );
}
