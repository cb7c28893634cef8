// A tiny toast store outside React, so toast() can be called from mutation callbacks and
// anywhere else without a hook. Spec §9: one toast is shown at a time.
import { useSyncExternalStore, type ReactNode } from "react";
import { closeToasts, openErrorToastIds, openToasts, withNewToast } from "./toast-list";

export type ToastVariant = "default" | "success" | "destructive";

/** One button on the toast, such as Undo; pressing it also dismisses the toast. */
export interface ToastAction {
  label: string;
  /** What a screen reader user is told to do instead when the toast is announced (Radix asks for it). */
  altText: string;
  onClick(): void;
}

export interface ToastInput {
  title: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  /** Milliseconds; the provider's default (5000) when omitted. */
  duration?: number;
  action?: ToastAction;
}

export interface ToastItem extends ToastInput {
  id: number;
  open: boolean;
}

const TOAST_LIMIT = 1;
// Long enough for the exit animation to finish before the toast leaves the DOM.
const REMOVE_DELAY_MS = 300;

let toasts: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(next: ToastItem[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

export function dismissToast(id?: number) {
  emit(closeToasts(toasts, id));
  setTimeout(() => emit(openToasts(toasts)), REMOVE_DELAY_MS);
}

export function toast(input: ToastInput) {
  const id = nextId++;
  emit(withNewToast(toasts, { ...input, id, open: true }, TOAST_LIMIT));
  return { id, dismiss: () => dismissToast(id) };
}

/** The newest toast's id so far: marks a moment, to name the toasts shown after it. */
export const toastMark = () => nextId - 1;

/** Dismisses the error toasts still open that were shown after `after`, up to and including `upTo`. */
export function dismissErrorToasts(after: number, upTo: number) {
  for (const id of openErrorToastIds(toasts, after, upTo)) dismissToast(id);
}

/** Shorthands that keep titles consistent across the app (spec §8: success toasts say 'Success!'). */
export const toastSuccess = (description: ReactNode, title: ReactNode = "Success!", action?: ToastAction) =>
  toast({ title, description, variant: "success", action });
export const toastError = (title: ReactNode, description?: ReactNode) =>
  toast({ title, description, variant: "destructive" });

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
/** The toasts as they are now (what useToast renders). */
export const currentToasts = (): readonly ToastItem[] => toasts;
const snapshot = () => toasts;

export function useToast() {
  const items = useSyncExternalStore(subscribe, snapshot, snapshot);
  return { toasts: items, toast, dismiss: dismissToast };
}
