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
  /** A destructive action's quiet red button (the default), or a primary one for a weighty but wanted step ("Send now"). */
  tone?: "destructive" | "primary";
}

/** An action that asks first, in an alert dialog: a destructive one in a list row, or a weighty one. */
export function ConfirmActionButton({
  label,
  ariaLabel,
  pending,
  title,
  description,
  cancelLabel,
  confirmLabel,
  onConfirm,
  tone = "destructive",
}: ConfirmActionButtonProps) {
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button
          variant={tone === "primary" ? "default" : "ghost"}
          size="sm"
          className={tone === "primary" ? undefined : "text-destructive hover:bg-destructive/10 hover:text-destructive"}
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
