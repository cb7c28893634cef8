import { lazyDialog } from "@/lib/lazy-dialog";

// Loaded on first use: the form brings the shared CSV rules and the file reader, which the list
// page does not otherwise need.
export const LazyImportCsvDialog = lazyDialog(() => import("./import-csv-dialog").then((m) => m.ImportCsvDialog));
