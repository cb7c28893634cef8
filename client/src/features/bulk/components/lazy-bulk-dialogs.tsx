import { lazyDialog } from "@/lib/lazy-dialog";

// Loaded on first use: the forms bring zod, react-hook-form and the listing rules, which the list
// page does not otherwise need.
export const LazyBulkEditDialog = lazyDialog(() => import("./bulk-edit-dialog").then((m) => m.BulkEditDialog));
export const LazyBulkDeleteDialog = lazyDialog(() => import("./bulk-delete-dialog").then((m) => m.BulkDeleteDialog));
