// Loaded only when a person starts reordering (lazy-sortable-photo-grid.tsx): dnd-kit stays out
// of the first page's download and the detail dialog's.
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from "@dnd-kit/core";
import { arrayMove, rectSortingStrategy, SortableContext, sortableKeyboardCoordinates, useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { GripVertical } from "lucide-react";
import { cn } from "@/lib/cn";
import type { Photo } from "../api/photos";
import { PhotoFacts, photoLabel, PhotoThumbnail } from "./photo-tile";

export interface SortablePhotoGridProps {
  photos: Photo[];
  onReorder(ids: number[]): void;
}

function SortableTile({ photo, index, count }: { photo: Photo; index: number; count: number }) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: photo.id });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={cn("relative grid min-w-0 content-start overflow-hidden rounded-lg border bg-surface", isDragging && "z-10 shadow-overlay ring-2 ring-ring")}
      data-testid="sortable-photo"
      data-photo-id={photo.id}
    >
      <button
        type="button"
        {...attributes}
        {...listeners}
        // A long press is the start of a drag here, not the browser's menu for the picture.
        onContextMenu={(event) => event.preventDefault()}
        aria-label={`Move ${photoLabel(photo, index)}, position ${index + 1} of ${count}`}
        className="relative aspect-[4/3] w-full touch-manipulation cursor-grab select-none [-webkit-touch-callout:none] overflow-hidden bg-muted focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-ring active:cursor-grabbing"
      >
        <PhotoThumbnail photo={photo} index={index} />
        <span className="absolute left-1.5 top-1.5 inline-flex size-8 items-center justify-center rounded-md bg-background/85 text-foreground shadow-sm">
          <GripVertical aria-hidden className="size-4" />
        </span>
      </button>
      <PhotoFacts photo={photo} />
    </li>
  );
}

/**
 * The grid while reordering: drag a photo with a mouse or a finger, or focus one and press Space,
 * the arrow keys, and Space again. A finger must press and hold first: a swipe over the photos
 * scrolls the page (the tiles allow panning), and only a held press picks one up. Mouse and touch
 * have a sensor each, as a pointer sensor would take a finger's pointer events at once and start a
 * drag on the first few pixels of a swipe.
 */
export function SortablePhotoGrid({ photos, onReorder }: SortablePhotoGridProps) {
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = photos.map((p) => p.id);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onReorder(arrayMove(ids, ids.indexOf(Number(active.id)), ids.indexOf(Number(over.id))));
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        screenReaderInstructions: { draggable: "To move a photo, press Space, then the arrow keys, then Space again to drop it or Escape to cancel." },
      }}
    >
      <SortableContext items={ids} strategy={rectSortingStrategy}>
        <ol className="grid grid-cols-2 gap-2 sm:grid-cols-3 md:grid-cols-4" data-testid="sortable-photo-grid">
          {photos.map((photo, index) => (
            <SortableTile key={photo.id} photo={photo} index={index} count={photos.length} />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}
