import { CalendarCheck, Pencil, RefreshCw } from "lucide-react";
import { useId, useState } from "react";
import { formatCalendarDate } from "@shared/parse/dates";
import { PLATFORM_LABELS, platformLimit, postLength, type ListingPost } from "@shared/posts";
import { Button } from "@/components/ui/button";
import { Textarea } from "@/components/ui/textarea";
import { errorMessage } from "@/lib/api-client";
import { cn } from "@/lib/cn";
import { useEditPost, useRegeneratePost } from "../api/post-actions";
import { CopyPostButton } from "./copy-post-button";

interface ListingPostItemProps {
  listingId: string;
  index: number;
  total: number;
  post: ListingPost;
  /** While all posts are being written: no single-post action. */
  locked: boolean;
}

/** Today in the person's own calendar, as the API takes dates. */
const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
};

/** "243 / 280": the length as the platform counts it, against its limit. */
function LengthMeter({ post, text }: { post: ListingPost; text: string }) {
  const limit = platformLimit(post.platform);
  const length = postLength(post.platform, text);
  const over = limit !== null && length > limit;
  return (
    <span className={cn("tabular-nums", over ? "font-medium text-destructive" : "text-muted-foreground")} data-testid="listing-post-length">
      {limit === null ? `${length} characters` : `${length} / ${limit}`}
    </span>
  );
}

/** One post: its place, platform and length, Copy, and the per-post actions. */
export function ListingPostItem({ listingId, index, total, post, locked }: ListingPostItemProps) {
  const position = `Post ${index + 1} of ${total}`;
  const platform = PLATFORM_LABELS[post.platform];
  const regenerate = useRegeneratePost();
  const edit = useEditPost();
  const [draft, setDraft] = useState<string | null>(null);
  const editorId = useId();
  const ref = { listingId, index };
  const busy = locked || regenerate.isPending || edit.isPending;

  const save = () => {
    if (draft === null) return;
    edit.mutate({ ...ref, edit: { text: draft } }, { onSuccess: () => setDraft(null) });
  };
  const setPosted = (postedAt: string | null) => edit.mutate({ ...ref, edit: { postedAt } });

  return (
    <li className="rounded-lg border bg-surface p-3 shadow-xs" data-testid="listing-post" data-platform={post.platform}>
      <div className="mb-1.5 flex flex-wrap items-center justify-between gap-x-2 gap-y-1">
        <span className="flex flex-wrap items-center gap-x-2 text-xs">
          <span className="font-medium text-muted-foreground">{position}</span>
          <span className="rounded bg-muted px-1.5 py-0.5 font-medium" data-testid="listing-post-platform">
            {platform}
          </span>
          <LengthMeter post={post} text={draft ?? post.text} />
          {post.editedAt ? <span className="text-muted-foreground">Edited</span> : null}
        </span>
        <CopyPostButton text={post.text} label={`Copy ${position}`} />
      </div>

      {draft === null ? (
        <p className="whitespace-pre-wrap break-words text-sm leading-relaxed" data-testid="listing-post-text">
          {post.text}
        </p>
      ) : (
        <div className="grid gap-2">
          <label htmlFor={editorId} className="sr-only">
            {`Edit ${position}`}
          </label>
          <Textarea id={editorId} value={draft} onChange={(e) => setDraft(e.target.value)} rows={6} aria-invalid={edit.isError || undefined} />
          {edit.isError ? (
            <p role="alert" className="text-sm text-destructive">
              {errorMessage(edit.error)}
            </p>
          ) : null}
          <div className="flex gap-2">
            <Button size="sm" onClick={save} loading={edit.isPending}>
              Save
            </Button>
            <Button size="sm" variant="ghost" onClick={() => (edit.reset(), setDraft(null))} disabled={edit.isPending}>
              Cancel
            </Button>
          </div>
        </div>
      )}

      {post.replacedBecause && draft === null ? (
        <p className="mt-1.5 text-xs text-muted-foreground" data-testid="listing-post-replaced">
          Written by the built-in writer in place of the model's post: {post.replacedBecause}
        </p>
      ) : null}

      {draft === null ? (
        <div className="mt-2 flex flex-wrap items-center gap-x-1 gap-y-1 border-t pt-2">
          <Button variant="ghost" size="sm" className="h-7 px-2" onClick={() => setDraft(post.text)} disabled={busy} aria-label={`Edit ${position}`}>
            <Pencil aria-hidden />
            Edit
          </Button>
          <Button
            variant="ghost"
            size="sm"
            className="h-7 px-2"
            onClick={() => regenerate.mutate(ref)}
            loading={regenerate.isPending}
            disabled={busy}
            aria-label={`Regenerate ${position}`}
          >
            {regenerate.isPending ? null : <RefreshCw aria-hidden />}
            Regenerate
          </Button>
          {post.postedAt ? (
            <span className="flex items-center gap-1 text-xs text-success" data-testid="listing-post-posted">
              <CalendarCheck aria-hidden className="size-3.5" />
              Posted {formatCalendarDate(post.postedAt)}
              <Button variant="link" size="sm" className="h-7 px-1 text-xs" onClick={() => setPosted(null)} disabled={busy} aria-label={`Undo posted: ${position}`}>
                Undo
              </Button>
            </span>
          ) : (
            <Button variant="ghost" size="sm" className="h-7 px-2" onClick={() => setPosted(today())} disabled={busy} aria-label={`Mark as posted: ${position}`}>
              <CalendarCheck aria-hidden />
              Mark as posted
            </Button>
          )}
        </div>
      ) : null}
    </li>
  );
}
