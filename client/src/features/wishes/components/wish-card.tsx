import { ChevronDown, MessageCircle, Pencil, Trash2 } from "lucide-react";
import { useState } from "react";
import { Avatar } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from "@/components/ui/collapsible";
import { formatDate, isoDate } from "@/lib/format-date";
import { useDeleteWish } from "../api/delete-wish";
import type { WishItem } from "../api/get-wishes";
import { EditWishDialog } from "./edit-wish-dialog";
import { WishComments } from "./wish-comments";

export const deleteWishConfirmation = (title: string) =>
  `Are you sure you want to delete the wish "${title}"? Its comments will be deleted too.`;

const commentLabel = (count: number) => (count === 0 ? "Comments" : `${count} ${count === 1 ? "comment" : "comments"}`);

export function WishCard({ wish, isAdmin }: { wish: WishItem; isAdmin: boolean }) {
  const [commentsOpen, setCommentsOpen] = useState(false);
  const [editing, setEditing] = useState(false);
  const deleteWish = useDeleteWish();

  return (
    <Card className="overflow-hidden" data-testid="wish">
      <Collapsible open={commentsOpen} onOpenChange={setCommentsOpen}>
        <article className="grid gap-2 px-5 pb-3 pt-4" aria-labelledby={`wish-${wish.id}-title`}>
          <div className="flex items-start gap-3">
            <h3 id={`wish-${wish.id}-title`} className="min-w-0 flex-1 break-words pt-1 text-[15px] font-semibold leading-snug tracking-tight">
              {wish.title}
            </h3>
            {isAdmin ? (
              <div className="-mr-2 flex shrink-0 items-center gap-0.5">
                <Button variant="ghost" size="icon-sm" className="text-muted-foreground" aria-label={`Edit wish ${wish.title}`} onClick={() => setEditing(true)}>
                  <Pencil className="size-3.5" aria-hidden />
                </Button>
                <Button
                  variant="ghost"
                  size="icon-sm"
                  className="text-muted-foreground hover:bg-destructive/10 hover:text-destructive"
                  aria-label={`Delete wish ${wish.title}`}
                  loading={deleteWish.isPending}
                  onClick={() => window.confirm(deleteWishConfirmation(wish.title)) && deleteWish.mutate(wish.id)}
                >
                  {deleteWish.isPending ? null : <Trash2 className="size-3.5" aria-hidden />}
                </Button>
              </div>
            ) : null}
          </div>
          <p className="whitespace-pre-wrap break-words text-sm leading-relaxed text-muted-foreground">{wish.description}</p>
          <div className="mt-1 flex flex-wrap items-center justify-between gap-2">
            <p className="flex items-center gap-2 text-xs text-muted-foreground">
              <Avatar name={wish.username} className="size-5 text-[9px]" />
              <span>
                <span className="font-medium text-foreground">{wish.username}</span> ·{" "}
                <time dateTime={isoDate(wish.createdAt)}>{formatDate(wish.createdAt)}</time>
              </span>
            </p>
            <CollapsibleTrigger asChild>
              <Button variant="ghost" size="sm" className="-mr-2 text-muted-foreground [&[data-state=open]>svg:last-child]:rotate-180">
                <MessageCircle aria-hidden />
                {commentLabel(wish.commentCount)}
                <ChevronDown className="transition-transform" aria-hidden />
              </Button>
            </CollapsibleTrigger>
          </div>
        </article>
        <CollapsibleContent>
          <WishComments wishId={wish.id} isAdmin={isAdmin} />
        </CollapsibleContent>
      </Collapsible>
      {isAdmin ? <EditWishDialog wish={wish} open={editing} onOpenChange={setEditing} /> : null}
    </Card>
  );
}
