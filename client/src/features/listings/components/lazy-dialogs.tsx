import { lazyDialog } from "@/lib/lazy-dialog";

export const LazyListingFormDialog = lazyDialog(() => import("./listing-form-dialog").then((m) => m.ListingFormDialog));
export const LazyListingDetailDialog = lazyDialog(() => import("./listing-detail-dialog").then((m) => m.ListingDetailDialog));
export const LazyNotesDialog = lazyDialog(() => import("@/features/notes/components/notes-dialog").then((m) => m.NotesDialog));
