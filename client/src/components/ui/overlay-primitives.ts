// The Radix parts behind the shell's menus, popovers and phone drawer: one chunk, loaded after the
// first paint or on first use (lazy-overlay.tsx), so the first page does not carry them.
export { Dialog, DropdownMenu, Popover } from "radix-ui";
