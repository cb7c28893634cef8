// wouter reads stores through the use-sync-external-store shim, which exists for React before 18;
// vite.config.ts points it here, at React's own hook, so the first page does not carry the shim.
export { useSyncExternalStore } from "react";
