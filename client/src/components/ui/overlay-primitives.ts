// The Radix parts behind the shell's menus, popovers and phone drawer: one chunk, loaded after the
// first paint or on first use (lazy-overlay.tsx), so the first page does not carry them. The
// drawer's focus return and Escape order come with them.
export { Dialog, DropdownMenu, Popover } from "radix-ui";
export { useDialogLayer } from "./use-dialog-layer";
export * as menuParts from "./dropdown-menu-parts";
