import { lazyDialog } from "@/lib/lazy-dialog";

// A file of its own: the detail dialog opens the form too, and importing it from lazy-dialogs
// (which loads the detail dialog) would make the two import each other.
export const LazyListingFormDialog = lazyDialog(() => import("./listing-form-dialog").then((m) => m.ListingFormDialog));
