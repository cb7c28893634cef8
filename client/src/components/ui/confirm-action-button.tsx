import type { ReactNode } from "react";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "./alert-dialog";
import { Button } from "./button";

interface ConfirmActionButtonProps {
  /** The row's quiet red button, and what a screen reader hears for it (naming whom it acts on). */
  label: string;
  ariaLabel: string;
  pending: boolean;
  title: ReactNode;
  description: ReactNode;
  /** The dialog's way back ("Keep Active") and its confirming action. */
  cancelLabel: string;
  confirmLabel: string;
  onConfirm: () => void;
}

/** A destructive action in a list row that asks first, in an alert dialog. */
export function ConfirmActionButton({
  label,
  ariaLabel,
  pending,
  title,
  description,
  cancelLabel,
  confirmLabel,
  onConfirm,
}: ConfirmActionButtonProps) {
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button
          variant="ghost"
          size="sm"
          className="text-destructive hover:bg-destructive/10 hover:text-destructive"
          loading={pending}
          aria-label={ariaLabel}
        >
          {label}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{cancelLabel}</AlertDialogCancel>
          <AlertDialogAction onClick={onConfirm}>{confirmLabel}</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
