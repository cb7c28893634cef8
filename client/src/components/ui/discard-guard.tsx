// "Discard changes?" for every form that can be closed with work in it: the Add/Edit
// listing form, note drafts, bulk edit, the agent form and settings.
// A form reports react-hook-form's isDirty with
// useReportDirty; the dialog (or page) around it closes through the guard, which asks first only
// when something is changed. Reload, tab close and in-app links go through lib/unsaved-changes.
import { createContext, useContext, useEffect, useId, useMemo, useState, type ReactNode } from "react";
import { holdUnsavedChanges } from "@/lib/unsaved-changes";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "./alert-dialog";
import { discardGuardState } from "./discard-guard-state";

export interface DiscardGuard {
  /** Runs `close` at once when nothing is changed; otherwise asks "Discard changes?" first. */
  close(close: () => void): void;
  /** A Dialog's onOpenChange that opens freely and closes through `close` (Escape, outside click, ×). */
  onOpenChange(onOpenChange: (open: boolean) => void): (open: boolean) => void;
  /** One form inside reports whether it holds changes (useReportDirty calls this). */
  report(key: string, dirty: boolean): void;
  /** The close waiting for an answer, if the question is showing. */
  asking: (() => void) | null;
  answer(discard: boolean): void;
}

/** One guard per dialog or page; hand it to DiscardGuardScope around the form(s). */
export function useDiscardGuard(): DiscardGuard {
  const [asking, setAsking] = useState<{ proceed(): void } | null>(null);
  const [state] = useState(() =>
    discardGuardState({ hold: holdUnsavedChanges, showQuestion: (proceed) => setAsking(proceed ? { proceed } : null) }),
  );
  // A dialog or page that goes away with changes reported lets the page go too.
  useEffect(() => state.release, [state]);

  return useMemo(
    () => ({
      close: state.close,
      onOpenChange: state.onOpenChange,
      report: state.report,
      answer: state.answer,
      asking: asking?.proceed ?? null,
    }),
    [state, asking],
  );
}

type FormSide = Pick<DiscardGuard, "report" | "close">;
const GuardContext = createContext<FormSide | null>(null);

/** Reports this form's dirty state to the guard around it (none: nothing happens). */
export function useReportDirty(isDirty: boolean) {
  const guard = useContext(GuardContext);
  const key = useId();
  useEffect(() => {
    guard?.report(key, isDirty);
  }, [guard, key, isDirty]);
  useEffect(() => () => guard?.report(key, false), [guard, key]);
}

/** A Cancel button's close: asks first when the form holds changes. */
export function useGuardedClose(): (close: () => void) => void {
  const guard = useContext(GuardContext);
  return guard ? guard.close : (close) => close();
}

/**
 * Provides the guard to the forms inside and shows its question. Put it inside the DialogContent,
 * so the question is a layer of that dialog (a click on it is not a click outside the dialog).
 */
export function DiscardGuardScope({ guard, children }: { guard: DiscardGuard; children: ReactNode }) {
  // Only the stable parts, so a form's report does not run again when the question opens or shuts.
  const { report, close } = guard;
  const formSide = useMemo(() => ({ report, close }), [report, close]);
  return (
    <GuardContext.Provider value={formSide}>
      {children}
      <AlertDialog open={guard.asking !== null} onOpenChange={(open) => (open ? undefined : guard.answer(false))}>
        <AlertDialogContent data-testid="discard-changes-dialog">
          <AlertDialogHeader>
            <AlertDialogTitle>Discard changes?</AlertDialogTitle>
            <AlertDialogDescription>You have changes that are not saved. If you discard them, they are lost.</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Keep editing</AlertDialogCancel>
            <AlertDialogAction onClick={() => guard.answer(true)}>Discard</AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </GuardContext.Provider>
  );
}
