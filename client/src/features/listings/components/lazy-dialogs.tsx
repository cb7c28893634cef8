import { lazyDialog } from "@/lib/lazy-dialog";

export const LazyListingDetailDialog = lazyDialog(() => import("./listing-detail-dialog").then((m) => m.ListingDetailDialog));
export const LazyNotesDialog = lazyDialog(() => import("@/features/notes/components/notes-dialog").then((m) => m.NotesDialog));
