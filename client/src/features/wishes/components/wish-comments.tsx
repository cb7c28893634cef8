import { zodResolver } from "@hookform/resolvers/zod";
import { ShieldCheck, Trash2 } from "lucide-react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { insertWishCommentSchema, LIMITS } from "@shared/schema";
import { Avatar } from "@/components/ui/avatar";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Skeleton } from "@/components/ui/skeleton";
import { Textarea } from "@/components/ui/textarea";
import { formatDateTime, isoDate } from "@/lib/format-date";
import { useAddWishComment } from "../api/add-wish-comment";
import { useDeleteWishComment } from "../api/delete-wish-comment";
import { useWishComments, type WishCommentItem } from "../api/get-wish-comments";

export const DELETE_COMMENT_CONFIRMATION = "Are you sure you want to delete this comment?";

type CommentValues = z.input<typeof insertWishCommentSchema>;

function CommentForm({ wishId }: { wishId: number }) {
  const addComment = useAddWishComment();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<CommentValues, unknown, z.output<typeof insertWishCommentSchema>>({
    resolver: zodResolver(insertWishCommentSchema),
    defaultValues: { comment: "" },
  });
  const onSubmit = handleSubmit(({ comment }) => addComment.mutate({ wishId, comment }, { onSuccess: () => reset() }));

  return (
    <form className="grid gap-2" noValidate onSubmit={onSubmit}>
      <FormField label="Add a comment" error={errors.comment?.message}>
        <Textarea rows={2} maxLength={LIMITS.comment} placeholder="Reply to this wish…" className="min-h-16 resize-y" {...register("comment")} />
      </FormField>
      <Button type="submit" size="sm" variant="secondary" loading={addComment.isPending} className="justify-self-end">
        {addComment.isPending ? "Posting..." : "Add Comment"}
      </Button>
    </form>
  );
}

function Comment({ comment, canDelete }: { comment: WishCommentItem; canDelete: boolean }) {
  const deleteComment = useDeleteWishComment();
  return (
    <li className="flex gap-3" data-testid="wish-comment">
      <Avatar name={comment.username} className="size-7 text-[10px]" />
      <div className="grid min-w-0 flex-1 gap-0.5">
        <div className="flex min-h-7 flex-wrap items-center gap-x-2 gap-y-0.5">
          <span className="text-sm font-medium">{comment.username}</span>
          {comment.isAdmin ? (
            <Badge>
              <ShieldCheck aria-hidden />
              Admin
            </Badge>
          ) : null}
          <time dateTime={isoDate(comment.createdAt)} className="text-xs text-muted-foreground">
            {formatDateTime(comment.createdAt)}
          </time>
          {canDelete ? (
            <Button
              variant="ghost"
              size="icon-sm"
              className="ml-auto size-7 text-muted-foreground hover:bg-destructive/10 hover:text-destructive"
              aria-label={`Delete comment by ${comment.username}`}
              loading={deleteComment.isPending}
              onClick={() => window.confirm(DELETE_COMMENT_CONFIRMATION) && deleteComment.mutate(comment)}
            >
              {deleteComment.isPending ? null : <Trash2 className="size-3.5" aria-hidden />}
            </Button>
          ) : null}
        </div>
        <p className="whitespace-pre-wrap break-words text-sm leading-relaxed text-foreground">{comment.comment}</p>
      </div>
    </li>
  );
}

/** The discussion under a wish, read when it is opened; only admins comment (spec §6). */
export function WishComments({ wishId, isAdmin }: { wishId: number; isAdmin: boolean }) {
  const comments = useWishComments(wishId, { enabled: true });

  return (
    <div className="grid gap-4 border-t bg-muted/40 px-5 py-4">
      {comments.isPending ? (
        <div className="grid gap-2" aria-busy="true" aria-label="Loading comments">
          <Skeleton className="h-3.5 w-40" />
          <Skeleton className="h-3 w-2/3" />
        </div>
      ) : comments.isError ? (
        <p className="text-sm text-muted-foreground">
          Comments could not be loaded.{" "}
          <Button variant="link" size="sm" onClick={() => void comments.refetch()}>
            Try again
          </Button>
        </p>
      ) : comments.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">No comments yet.</p>
      ) : (
        <ul className="grid gap-4" aria-label="Comments">
          {comments.data.map((comment) => (
            <Comment key={comment.id} comment={comment} canDelete={isAdmin} />
          ))}
        </ul>
      )}
      {isAdmin ? <CommentForm wishId={wishId} /> : null}
    </div>
  );
}
