import { CheckCircle2, MoreVertical, Pencil, ShieldAlert, Star, Trash2 } from "lucide-react";
import { PHOTO_KIND_LABELS, PHOTO_RIGHTS_MARKER } from "@shared/photos";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import type { Photo } from "../api/photos";

export interface PhotoActions {
  onOpen(photo: Photo): void;
  onSetCover(photo: Photo): void;
  onEdit(photo: Photo): void;
  onDelete(photo: Photo): void;
  onConfirmRights(photo: Photo): void;
}

/** The words a screen reader and the viewer use for a photo. */
export const photoLabel = (photo: Photo, index: number) =>
  `${PHOTO_KIND_LABELS[photo.kind]} ${index + 1}${photo.caption ? `: ${photo.caption}` : ""}${photo.isCover ? " (cover)" : ""}`;

/** The picture itself, as the grid and the reorder grid both draw it. */
export function PhotoThumbnail({ photo, index }: { photo: Photo; index: number }) {
  return (
    <img
      src={photo.thumbnailUrl}
      alt={photoLabel(photo, index)}
      width={photo.width ?? undefined}
      height={photo.height ?? undefined}
      loading="lazy"
      decoding="async"
      draggable={false}
      className="size-full object-cover"
    />
  );
}

/** What the tile says under the picture: the cover mark, the kind, the caption, the rights marker. */
export function PhotoFacts({ photo, onConfirmRights }: { photo: Photo; onConfirmRights?(): void }) {
  return (
    <div className="grid min-w-0 gap-1 p-2">
      <div className="flex flex-wrap items-center gap-1">
        {photo.isCover ? (
          <Badge variant="default" data-testid="photo-cover-badge">
            <Star aria-hidden className="fill-current" />
            Cover
          </Badge>
        ) : null}
        <Badge variant="muted">{PHOTO_KIND_LABELS[photo.kind]}</Badge>
      </div>
      {photo.caption ? <p className="line-clamp-2 break-words text-xs">{photo.caption}</p> : null}
      {photo.rightsConfirmed ? null : onConfirmRights ? (
        <button
          type="button"
          onClick={onConfirmRights}
          className="inline-flex items-center gap-1 justify-self-start rounded-sm text-left text-xs font-medium text-[color-mix(in_oklab,var(--warning)_70%,black)] underline-offset-2 hover:underline pointer-coarse:min-h-11 dark:text-warning"
          data-testid="photo-rights-marker"
        >
          <ShieldAlert aria-hidden className="size-3.5 shrink-0" />
          {PHOTO_RIGHTS_MARKER}
        </button>
      ) : (
        <p className="inline-flex items-center gap-1 text-xs font-medium text-[color-mix(in_oklab,var(--warning)_70%,black)] dark:text-warning">
          <ShieldAlert aria-hidden className="size-3.5 shrink-0" />
          {PHOTO_RIGHTS_MARKER}
        </p>
      )}
    </div>
  );
}

/** One photo of the grid: open it full screen, or act on it from its menu. */
export function PhotoTile({ photo, index, actions }: { photo: Photo; index: number; actions: PhotoActions }) {
  return (
    <li className="relative grid min-w-0 content-start overflow-hidden rounded-lg border bg-surface" data-testid="photo-tile" data-photo-id={photo.id}>
      <button
        type="button"
        className="aspect-[4/3] w-full overflow-hidden bg-muted focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-ring"
        onClick={() => actions.onOpen(photo)}
        aria-label={`Open ${photoLabel(photo, index)} full screen`}
      >
        <PhotoThumbnail photo={photo} index={index} />
      </button>
      <PhotoFacts photo={photo} onConfirmRights={() => actions.onConfirmRights(photo)} />
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button
            variant="secondary"
            size="icon-sm"
            className="absolute right-1.5 top-1.5 bg-background/85 shadow-sm backdrop-blur hover:bg-accent"
            aria-label={`Actions for ${photoLabel(photo, index)}`}
          >
            <MoreVertical aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          {photo.isCover ? null : (
            <DropdownMenuItem onSelect={() => actions.onSetCover(photo)}>
              <Star aria-hidden />
              Set as cover
            </DropdownMenuItem>
          )}
          <DropdownMenuItem onSelect={() => actions.onEdit(photo)}>
            <Pencil aria-hidden />
            Edit kind and caption
          </DropdownMenuItem>
          {photo.rightsConfirmed ? null : (
            <DropdownMenuItem onSelect={() => actions.onConfirmRights(photo)}>
              <CheckCircle2 aria-hidden />
              Confirm rights
            </DropdownMenuItem>
          )}
          <DropdownMenuSeparator />
          <DropdownMenuItem destructive onSelect={() => actions.onDelete(photo)}>
            <Trash2 aria-hidden />
            Delete photo
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </li>
  );
}
